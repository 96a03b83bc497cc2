# Few columns, many rows: the outer reduction splits its rows across blocks (partials + finish).
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    T1 = fd.ops.cast(T0, dtype=DataType.Float)
    T2 = fd.ops.sum(T1, dims=[0], keepdim=False, dtype=DataType.Null)
    T3, T4 = fd.ops.var_mean(T1, dims=[0], correction=1, keepdim=False)
    T5 = fd.ops.max(T1, dims=[0], keepdim=False, dtype=DataType.Null)
    T6 = fd.ops.add(T3, T5)
    T7 = fd.ops.cast(T2, dtype=DataType.BFloat16)
    fd.add_output(T7)
    fd.add_output(T4)
    fd.add_output(T6)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((4100, 80), dtype=torch.bfloat16, device='cuda:0'),
]
fd.execute(inputs)
