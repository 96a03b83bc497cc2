# nvFuser tests/cpp/test_preseg_passes.cpp:1472 TranslateNoReductionMatmulTest.Test — matmul with K=1 (8x1_1x16) translated to mul+squeeze → ExprEval + PointWise
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[8, 1], contiguity=[True, None], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[1, 16], contiguity=[None, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T2 = fd.ops.matmul(T0, T1)
    fd.add_output(T2)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((8, 1), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((1, 16), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
