# nvFuser tests/cpp/test_segmentation.cpp:94 SegmentationTest.SegmenterHint — relu -> segment_set -> neg splits into [relu, segment_set] and [neg]
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1, -1, -1], contiguity=[False, False, False, False], dtype=DataType.Double, is_cpu=False, stride_order=[3, 2, 1, 0])
    T1 = fd.ops.relu(T0)
    T2 = fd.ops.segment_set(T1)
    T3 = fd.ops.neg(T2)
    fd.add_output(T3)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((32, 64, 8, 128), dtype=torch.float64, device='cuda:0'),
]
fd.execute(inputs)
