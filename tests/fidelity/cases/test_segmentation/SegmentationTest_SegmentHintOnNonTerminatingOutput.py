# nvFuser tests/cpp/test_segmentation.cpp:133 SegmentationTest.SegmentHintOnNonTerminatingOutput — segment_set output is both a fusion output and consumed by mul → 2 groups
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[2, 3], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.ops.add(T0, T0)
    T2 = fd.ops.segment_set(T1)
    T3 = fd.ops.mul(T2, T2)
    fd.add_output(T2)
    fd.add_output(T3)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((2, 3), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
