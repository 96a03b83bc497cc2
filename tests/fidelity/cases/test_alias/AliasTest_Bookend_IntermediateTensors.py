# nvFuser tests/cpp/test_alias.cpp:1283 AliasTest.Bookend_IntermediateTensors — permute, mul, reshape; meta ops bookended off; {ExprEval, PointWise}
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[2, 3], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.ops.permute(T0, dims=[1, 0])
    T2 = fd.ops.mul(T1, T1)
    T3 = fd.ops.reshape(T2, new_shape=[6])
    fd.add_output(T3)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((2, 3), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
