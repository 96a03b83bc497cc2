# nvFuser tests/cpp/test_alias.cpp:1430 AliasTest.Bookend_Issue2375 — group-norm-like: cast, set, sum over 3 inner dims, broadcast div, cast, trailing reshape; {ExprEval, InnerPersistent}
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1, -1, -1, -1], contiguity=[True, True, True, True, True], dtype=DataType.Half, is_cpu=False, stride_order=[4, 3, 2, 1, 0])
    T1 = fd.ops.cast(T0, dtype=DataType.Float)
    T2 = fd.ops.set(T1)
    T3 = fd.ops.sum(T2, dims=[2, 3, 4], keepdim=False, dtype=DataType.Null)
    T4 = fd.ops.broadcast(T3, is_broadcast_dim=[False, False, True, True, True])
    T5 = fd.ops.div(T2, T4)
    T6 = fd.ops.cast(T5, dtype=DataType.Half)
    T7 = fd.ops.reshape(T6, new_shape=[2, 128, 16, 16])
    fd.add_output(T7)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((2, 32, 4, 16, 16), dtype=torch.float16, device='cuda:0'),
]
fd.execute(inputs)
