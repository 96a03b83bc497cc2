# nvFuser tests/cpp/test_gpu2.cpp:3306 Gpu2Test.FusionDAGScalarMerging_CUDA — two chained reductions with scalar-input arithmetic: exactly 2 groups
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1, -1], contiguity=[False, False, False], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    S1 = fd.define_scalar(None, dtype=DataType.Double)
    S2 = fd.define_scalar(1.00000, dtype=DataType.Double)
    S3 = fd.ops.add(S1, S2)
    S4 = fd.ops.mul(S3, S3)
    S5 = fd.ops.add(S4, S3)
    T6 = fd.ops.sum(T0, dims=[0], keepdim=False, dtype=DataType.Null)
    T7 = fd.ops.add(T6, S4)
    T8 = fd.ops.sum(T7, dims=[0], keepdim=False, dtype=DataType.Null)
    T9 = fd.ops.add(T8, S5)
    T10 = fd.ops.add(T9, S1)
    fd.add_output(T10)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((16, 16, 16), dtype=torch.float32, device='cuda:0'),
    0.5,
]
fd.execute(inputs)
