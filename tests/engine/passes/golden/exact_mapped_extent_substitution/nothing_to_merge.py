# Near miss: every op reuses T0's own extents (exp, mul, sum, the broadcast back), the
# broadcast dim of T4 maps to nothing, and slice creates fresh extents that are not
# exact-mapped to anything. No set has two different extents: nothing changes.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.ops.exp(T0)
    T2 = fd.ops.mul(T1, T0)
    T3 = fd.ops.sum(T2, dims=[1], keepdim=False, dtype=DataType.Null)
    T4 = fd.ops.broadcast(T3, is_broadcast_dim=[False, True])
    T5 = fd.ops.sub(T2, T4)
    T6 = fd.ops.slice(T5, start_indices=[0, 0], end_indices=[2, 2], strides=[1, 1], manual_normalization=0)
    fd.add_output(T5)
    fd.add_output(T6)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((4, 8), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
