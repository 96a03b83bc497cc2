# nvFuser tests/cpp/test_segmentation.cpp:652 SegmentationTest.MultipleSegmentSetsInOneSegment — two segment_sets of the same tensor feed one add → 2 groups
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    T1 = fd.ops.add(T0, T0)
    T2 = fd.ops.segment_set(T1)
    T3 = fd.ops.segment_set(T1)
    T4 = fd.ops.add(T2, T3)
    fd.add_output(T4)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((10,), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
