# nvFuser tests/cpp/test_runtime.cpp:26 RuntimeTest.ClearGmemBetweenSegments — add + three chained reductions on a double 4D input → 3 groups
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1, -1, -1], contiguity=[False, False, False, False], dtype=DataType.Double, is_cpu=False, stride_order=[3, 2, 1, 0])
    S1 = fd.define_scalar(1.00000, dtype=DataType.Double)
    T2 = fd.ops.add(T0, S1)
    T3 = fd.ops.sum(T2, dims=[0], keepdim=False, dtype=DataType.Null)
    T4 = fd.ops.sum(T3, dims=[2], keepdim=False, dtype=DataType.Null)
    T5 = fd.ops.sum(T4, dims=[0], keepdim=False, dtype=DataType.Null)
    fd.add_output(T5)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((32, 64, 8, 128), dtype=torch.float64, device='cuda:0'),
]
fd.execute(inputs)
