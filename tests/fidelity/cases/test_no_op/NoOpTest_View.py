# nvFuser tests/cpp/test_no_op.cpp:137 NoOpTest.View — a lone reshape [2,3,4]->[2,12]; exactly one ExprEval group
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[2, 3, 4], contiguity=[True, True, True], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T1 = fd.ops.reshape(T0, new_shape=[2, 12])
    fd.add_output(T1)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((2, 3, 4), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
