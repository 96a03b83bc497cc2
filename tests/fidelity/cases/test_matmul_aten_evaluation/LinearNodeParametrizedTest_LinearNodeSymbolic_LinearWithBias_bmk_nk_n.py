# nvFuser tests/cpp/test_matmul_aten_evaluation.cpp:249 LinearNodeParametrizedTest.LinearNodeSymbolic — a lone linear (LinearWithBias, A[128, 64, 32] W[16, 32] bias[16]) runs as one non-kernel (ExprEval) executor
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1, -1], contiguity=[False, False, False], dtype=DataType.Half, is_cpu=False, stride_order=[2, 1, 0])
    T1 = fd.define_tensor(shape=[-1, -1], contiguity=[False, False], dtype=DataType.Half, is_cpu=False, stride_order=[1, 0])
    T2 = fd.define_tensor(shape=[-1], contiguity=[False], dtype=DataType.Half, is_cpu=False, stride_order=[0])
    T3 = fd.ops.linear(T0, T1, T2)
    fd.add_output(T3)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((128, 64, 32), dtype=torch.float16, device='cuda:0'),
    torch.testing.make_tensor((16, 32), dtype=torch.float16, device='cuda:0'),
    torch.testing.make_tensor((16,), dtype=torch.float16, device='cuda:0'),
]
fd.execute(inputs)
