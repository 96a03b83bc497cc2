# torch.split of a fused projection into three unequal chunks along dim 0 (negative and
# out-of-range end indices included), the same cast -> tanh -> cast on every chunk, then a
# cat of the chunks in order: one cast -> tanh -> cast on all of T0 replaces it all.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id1(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[12, 4], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1 = fd.ops.slice(T0, start_indices=[0, 0], end_indices=[4, 4], strides=[1, 1], manual_normalization=0)
    T2 = fd.ops.slice(T0, start_indices=[4, 0], end_indices=[-2, 4], strides=[1, 1], manual_normalization=0)
    T3 = fd.ops.slice(T0, start_indices=[10, 0], end_indices=[99, 4], strides=[1, 1], manual_normalization=0)
    T4 = fd.ops.cast(T1, dtype=DataType.Float)
    T5 = fd.ops.tanh(T4)
    T6 = fd.ops.cast(T5, dtype=DataType.BFloat16)
    T7 = fd.ops.cast(T2, dtype=DataType.Float)
    T8 = fd.ops.tanh(T7)
    T9 = fd.ops.cast(T8, dtype=DataType.BFloat16)
    T10 = fd.ops.cast(T3, dtype=DataType.Float)
    T11 = fd.ops.tanh(T10)
    T12 = fd.ops.cast(T11, dtype=DataType.BFloat16)
    T13 = fd.ops.cat([T6, T9, T12], dim=0, manual_padding=0)
    fd.add_output(T13)

with FusionDefinition() as fd:
    nvfuser_fusion_id1(fd)

inputs = [
    torch.testing.make_tensor((12, 4), dtype=torch.bfloat16, device='cuda:0'),
]
fd.execute(inputs)
