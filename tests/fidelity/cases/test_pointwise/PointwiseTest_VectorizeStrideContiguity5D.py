# nvFuser tests/cpp/test_pointwise.cpp:128 PointwiseTest.VectorizeStrideContiguity5D — x + x on a [F, T, F, T, T]-contiguous 5D input → one pointwise kernel
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1, -1, -1, -1], contiguity=[False, True, False, True, True], dtype=DataType.Float, is_cpu=False, stride_order=[4, 3, 2, 1, 0])
    T1 = fd.ops.add(T0, T0)
    fd.add_output(T1)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.randn(20739564, dtype=torch.float32, device='cuda:0').as_strided((4, 8, 12345, 4, 3), (5333040, 592560, 48, 3, 1)),
]
fd.execute(inputs)
