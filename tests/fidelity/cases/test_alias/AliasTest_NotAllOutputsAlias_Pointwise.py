# nvFuser tests/cpp/test_alias.cpp:365 AliasTest.NotAllOutputsAlias_Pointwise — reshape feeds a meta-only broadcast+expand output and an add output; {ExprEval, PointWise}
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[2, 3], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.ops.reshape(T0, new_shape=[6])
    T2 = fd.ops.broadcast(T1, is_broadcast_dim=[True, False])
    T3 = fd.ops.expand(T2, shape=[5, 6])
    T4 = fd.ops.add(T1, T1)
    fd.add_output(T3)
    fd.add_output(T4)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((2, 3), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
