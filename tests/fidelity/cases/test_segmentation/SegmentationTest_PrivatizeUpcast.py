# nvFuser tests/cpp/test_segmentation.cpp:704 SegmentationTest.PrivatizeUpcast — segment_set of a bf16 input, upcast, two reductions along different axes → 3 groups
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[False, False], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    T1 = fd.ops.segment_set(T0)
    T2 = fd.ops.cast(T1, dtype=DataType.Float)
    T3 = fd.ops.sum(T2, dims=[0], keepdim=False, dtype=DataType.Null)
    T4 = fd.ops.sum(T2, dims=[1], keepdim=False, dtype=DataType.Null)
    fd.add_output(T3)
    fd.add_output(T4)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((16, 32), dtype=torch.bfloat16, device='cuda:0'),
]
fd.execute(inputs)
