# nvFuser tests/cpp/test_transpose.cpp:1443 TransposeTest.NoTransposeMaverick17B — bf16 [262144,5120] * [262144,1] is pointwise, not transpose
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[262144, 5120], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[262144, 1], contiguity=[True, None], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    T2 = fd.ops.cast(T0, dtype=DataType.Float)
    T3 = fd.ops.cast(T1, dtype=DataType.Float)
    T4 = fd.ops.mul(T2, T3)
    T5 = fd.ops.cast(T4, dtype=DataType.BFloat16)
    fd.add_output(T5)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((262144, 5120), dtype=torch.bfloat16, device='cuda:0'),
    torch.testing.make_tensor((262144, 1), dtype=torch.bfloat16, device='cuda:0'),
]
fd.execute(inputs)
