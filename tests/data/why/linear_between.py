# Why apart: T2 and T8 are kept apart by the linear between them (segment 1), the separator.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T2 = fd.ops.neg(T0)
    T3 = fd.ops.cast(T2, dtype=DataType.Float)
    T4 = fd.ops.relu(T3)
    T5 = fd.ops.cast(T4, dtype=DataType.BFloat16)
    T6 = fd.ops.linear(T5, T1)
    T7 = fd.ops.cast(T6, dtype=DataType.Float)
    T8 = fd.ops.add(T7, T3)
    T9 = fd.ops.cast(T8, dtype=DataType.BFloat16)
    fd.add_output(T9)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.randn((256, 512), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((512, 512), dtype=torch.bfloat16, device='cuda:0'),
]
fd.execute(inputs)
