# nvFuser tests/cpp/test_pointwise.cpp:76 PointwiseTest.VectorizeStrideContiguity2D — x + x on a [False, True]-contiguous 2D input (narrowed view) → one pointwise kernel
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[False, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.ops.add(T0, T0)
    fd.add_output(T1)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.randn(31999984, dtype=torch.float32, device='cuda:0').as_strided((1000000, 16), (32, 1)),
]
fd.execute(inputs)
