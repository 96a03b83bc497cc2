# nvFuser tests/cpp/test_matmul_aten_evaluation.cpp:202 LinearNodeParametrizedTest.LinearNodeConcrete — a lone linear (LinearWithoutBias, A[64, 32] W[16, 32]) runs as one non-kernel (ExprEval) executor
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[64, 32], contiguity=[False, False], dtype=DataType.Half, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[16, 32], contiguity=[False, False], dtype=DataType.Half, is_cpu=False, stride_order=[1, 0])
    T3 = fd.ops.linear(T0, T1)
    fd.add_output(T3)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((64, 32), dtype=torch.float16, device='cuda:0'),
    torch.testing.make_tensor((16, 32), dtype=torch.float16, device='cuda:0'),
]
fd.execute(inputs)
