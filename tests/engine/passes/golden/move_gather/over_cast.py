# nvFuser's PresegTest.MoveGatherOverCast: the lookup tensor of take_along_axis is a bf16→float
# cast that max also reads. The gather moves above the cast (it reads the bf16 input) and a
# new cast converts the gathered [8, 1] column; the old cast stays for max.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Int, is_cpu=False)
    T2 = fd.ops.cast(T0, dtype=DataType.Float)
    S3 = fd.define_scalar(-100, dtype=DataType.Int)
    S4 = fd.define_scalar(0, dtype=DataType.Int)
    T3 = fd.ops.ne(T1, S3)
    T4 = fd.ops.where(T3, T1, S4)
    T5 = fd.ops.broadcast(T4, is_broadcast_dim=[False, True])
    T6 = fd.ops.take_along_axis(T2, T5, dim=-1)
    T7 = fd.ops.squeeze(T6, dims=[1])
    T8 = fd.ops.max(T2, dims=[-1], keepdim=False, dtype=DataType.Null)
    T9 = fd.ops.sub(T7, T8)
    fd.add_output(T9)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.randn((8, 16), dtype=torch.bfloat16, device='cuda:0'),
    torch.randint(0, 5, (8,), dtype=torch.int64, device='cuda:0'),
]
fd.execute(inputs)
