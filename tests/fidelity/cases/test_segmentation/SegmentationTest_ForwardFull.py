# nvFuser tests/cpp/test_segmentation.cpp:938 SegmentationTest.ForwardFull — a full() used on both sides of a segment_set is replicated, not passed across → 2 groups
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1], contiguity=[False], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    S1 = fd.ops.size(T0, dim=0)
    S2 = fd.define_scalar(1.00000, dtype=DataType.Double)
    T3 = fd.ops.full(shape=[S1], fill_value=S2, dtype=DataType.Float)
    T4 = fd.ops.add(T0, T3)
    T5 = fd.ops.segment_set(T4)
    T6 = fd.ops.add(T5, T3)
    fd.add_output(T6)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((1024,), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
