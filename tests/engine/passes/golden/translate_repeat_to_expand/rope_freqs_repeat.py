# RoPE: the frequencies are doubled with cat((freqs, freqs), dim=-1) before cos and sin.
# The cat is the repeat pattern (negative dim, an intermediate operand) and becomes
# broadcast + expand + reshape; cos and sin read the reshape.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id1(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[16, 1], contiguity=[True, None], dtype=DataType.Float, is_cpu=False)
    T1 = fd.define_tensor(shape=[1, 8], contiguity=[None, True], dtype=DataType.Float, is_cpu=False)
    T2 = fd.ops.mul(T0, T1)
    T3 = fd.ops.cat([T2, T2], dim=-1, manual_padding=0)
    T4 = fd.ops.cos(T3)
    T5 = fd.ops.sin(T3)
    T6 = fd.ops.cast(T4, dtype=DataType.BFloat16)
    T7 = fd.ops.cast(T5, dtype=DataType.BFloat16)
    fd.add_output(T6)
    fd.add_output(T7)

with FusionDefinition() as fd:
    nvfuser_fusion_id1(fd)

inputs = [
    torch.testing.make_tensor((16, 1), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((1, 8), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
