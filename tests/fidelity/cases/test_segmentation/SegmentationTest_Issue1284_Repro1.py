# nvFuser tests/cpp/test_segmentation.cpp:24 SegmentationTest.Issue1284_Repro1 — two disjoint pointwise ops on unrelated inputs → 2 groups
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[False, False], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[-1], contiguity=[False], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    S2 = fd.define_scalar(0.00000, dtype=DataType.Double)
    T3 = fd.ops.add(T0, S2)
    S4 = fd.define_scalar(2.00000, dtype=DataType.Double)
    T5 = fd.ops.add(T1, S4)
    fd.add_output(T3)
    fd.add_output(T5)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((10, 20), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((15,), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
