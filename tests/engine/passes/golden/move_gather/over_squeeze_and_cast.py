# nvFuser's PresegTest.MoveGatherOverSqueezeAndCast: the lookup tensor is squeeze(cast(
# broadcast(x))). The gather first moves above the squeeze (its index gains the squeezed dim,
# the gather dim shifts by one), then above the cast, and stops at the broadcast: take_along_axis
# → cast → squeeze.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Int, is_cpu=False)
    T2 = fd.ops.broadcast(T0, is_broadcast_dim=[True, False, False])
    T3 = fd.ops.broadcast(T1, is_broadcast_dim=[True, False])
    T4 = fd.ops.cast(T2, dtype=DataType.Float)
    T5 = fd.ops.squeeze(T4, dims=[0])
    T6 = fd.ops.squeeze(T3, dims=[0])
    S7 = fd.define_scalar(-100, dtype=DataType.Int)
    S8 = fd.define_scalar(0, dtype=DataType.Int)
    T7 = fd.ops.ne(T6, S7)
    T8 = fd.ops.where(T7, T6, S8)
    T9 = fd.ops.broadcast(T8, is_broadcast_dim=[False, True])
    T10 = fd.ops.take_along_axis(T5, T9, dim=-1)
    T11 = fd.ops.squeeze(T10, dims=[1])
    T12 = fd.ops.max(T4, dims=[-1], keepdim=False, dtype=DataType.Null)
    T13 = fd.ops.squeeze(T12, dims=[0])
    T14 = fd.ops.sub(T11, T13)
    fd.add_output(T14)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.randn((8, 16), dtype=torch.bfloat16, device='cuda:0'),
    torch.randint(0, 5, (8,), dtype=torch.int64, device='cuda:0'),
]
fd.execute(inputs)
