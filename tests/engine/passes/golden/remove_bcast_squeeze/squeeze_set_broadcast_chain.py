# Fires twice on one chain: set → broadcast composes to one broadcast (T4 is redefined
# from T2 and the set goes), then squeeze → broadcast of the same size-1 axis cancels, so
# neg reads T0. The broadcast_in_dim is a pure broadcast (size-1 new dim) feeding a
# squeeze of that dim, and its result is a fusion output with no alias: the output becomes
# T6, the squeeze that fed the pair.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 1, 8], contiguity=[True, None, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.ops.exp(T0)
    T2 = fd.ops.squeeze(T0, dims=[1])
    T3 = fd.ops.set(T2)
    T4 = fd.ops.broadcast(T3, is_broadcast_dim=[False, True, False])
    T5 = fd.ops.neg(T4)
    T6 = fd.ops.squeeze(T1, dims=[1])
    T7 = fd.ops.broadcast_in_dim(T6, shape=[1, 4, 8], broadcast_dims=[1, 2])
    T8 = fd.ops.squeeze(T7, dims=[0])
    fd.add_output(T5)
    fd.add_output(T8)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((4, 1, 8), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
