# nvFuser tests/cpp/test_segmentation.cpp:796 SegmentationTest.RevertPrivatizedUpcast — segment_set -> set -> upcast -> two identical inner reductions → 2 groups
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[False, False], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    T1 = fd.ops.segment_set(T0)
    T2 = fd.ops.set(T1)
    T3 = fd.ops.cast(T2, dtype=DataType.Float)
    T4 = fd.ops.sum(T3, dims=[1], keepdim=False, dtype=DataType.Null)
    T5 = fd.ops.sum(T3, dims=[1], keepdim=False, dtype=DataType.Null)
    fd.add_output(T4)
    fd.add_output(T5)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((16, 32), dtype=torch.bfloat16, device='cuda:0'),
]
fd.execute(inputs)
