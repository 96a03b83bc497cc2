# nvFuser tests/cpp/test_segmentation.cpp:232 SegmentationTest.InputForwardingUntilBinary — two forwarded unary chains meeting at an add, then a terminal segment_set → 1 group
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[2, 3], contiguity=[True, True], dtype=DataType.Half, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[2, 3], contiguity=[True, True], dtype=DataType.Half, is_cpu=False, stride_order=[1, 0])
    T2 = fd.ops.cast(T0, dtype=DataType.Float)
    T3 = fd.ops.neg(T2)
    T4 = fd.ops.sin(T3)
    T5 = fd.ops.cast(T1, dtype=DataType.Float)
    T6 = fd.ops.sin(T5)
    T7 = fd.ops.neg(T6)
    T8 = fd.ops.add(T4, T7)
    T9 = fd.ops.segment_set(T8)
    fd.add_output(T9)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((2, 3), dtype=torch.float16, device='cuda:0'),
    torch.testing.make_tensor((2, 3), dtype=torch.float16, device='cuda:0'),
]
fd.execute(inputs)
