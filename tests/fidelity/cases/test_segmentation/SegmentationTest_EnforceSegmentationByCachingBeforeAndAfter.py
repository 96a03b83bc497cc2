# nvFuser tests/cpp/test_segmentation.cpp:158 SegmentationTest.EnforceSegmentationByCachingBeforeAndAfter — sum output cached after with a segmenter set (cacheAfter(SegmenterSet)) before div → 2 groups
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.ops.sum(T0, dims=[0], keepdim=False, dtype=DataType.Null)
    T2 = fd.ops.segment_set(T1)
    T3 = fd.ops.broadcast(T2, is_broadcast_dim=[True, False])
    T4 = fd.ops.div(T0, T3)
    fd.add_output(T4)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((2, 3), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
