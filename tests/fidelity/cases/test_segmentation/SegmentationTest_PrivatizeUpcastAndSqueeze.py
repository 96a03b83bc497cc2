# nvFuser tests/cpp/test_segmentation.cpp:748 SegmentationTest.PrivatizeUpcastAndSqueeze — broadcast -> segment_set -> squeeze -> upcast -> two reductions → 3 groups
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[False, False], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    T1 = fd.ops.broadcast(T0, is_broadcast_dim=[True, False, False])
    T2 = fd.ops.segment_set(T1)
    T3 = fd.ops.squeeze(T2, dims=[0])
    T4 = fd.ops.cast(T3, dtype=DataType.Float)
    T5 = fd.ops.sum(T4, dims=[0], keepdim=False, dtype=DataType.Null)
    T6 = fd.ops.sum(T4, dims=[1], keepdim=False, dtype=DataType.Null)
    fd.add_output(T5)
    fd.add_output(T6)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((16, 32), dtype=torch.bfloat16, device='cuda:0'),
]
fd.execute(inputs)
