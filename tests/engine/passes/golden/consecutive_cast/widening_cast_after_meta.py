# Near misses for the swap: a widening cast (bf16 -> float) after a reshape stays after it,
# and so does a narrowing cast whose permute output has another use or is an output.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id5(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 8], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1 = fd.define_tensor(shape=[4, 8], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T2 = fd.ops.reshape(T0, new_shape=[32])
    T3 = fd.ops.cast(T2, dtype=DataType.Float)
    T4 = fd.ops.permute(T1, dims=[1, 0])
    T5 = fd.ops.cast(T4, dtype=DataType.BFloat16)
    T6 = fd.ops.exp(T4)
    T7 = fd.ops.reshape(T1, new_shape=[8, 4])
    T8 = fd.ops.cast(T7, dtype=DataType.BFloat16)
    fd.add_output(T3)
    fd.add_output(T5)
    fd.add_output(T6)
    fd.add_output(T7)
    fd.add_output(T8)

with FusionDefinition() as fd:
    nvfuser_fusion_id5(fd)

inputs = [
    torch.testing.make_tensor((4, 8), dtype=torch.bfloat16, device='cuda:0'),
    torch.testing.make_tensor((4, 8), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
