# Near misses: float -> bf16 -> float rounds in the middle and must stay; float -> half ->
# bf16 crosses incompatible types; T7 has a second use and T10 is an output, so their
# chains are not folded; the final cast of an input to its own dtype is an output that
# would otherwise be the input itself.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id3(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 8], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.ops.cast(T0, dtype=DataType.BFloat16)
    T2 = fd.ops.cast(T1, dtype=DataType.Float)
    T3 = fd.ops.cast(T0, dtype=DataType.Half)
    T4 = fd.ops.cast(T3, dtype=DataType.BFloat16)
    T7 = fd.ops.cast(T0, dtype=DataType.Double)
    T8 = fd.ops.cast(T7, dtype=DataType.Float)
    T9 = fd.ops.sum(T7, dims=[1], keepdim=False, dtype=DataType.Null)
    T10 = fd.ops.cast(T0, dtype=DataType.Double)
    T11 = fd.ops.cast(T10, dtype=DataType.Float)
    T12 = fd.ops.cast(T0, dtype=DataType.Float)
    fd.add_output(T2)
    fd.add_output(T4)
    fd.add_output(T8)
    fd.add_output(T9)
    fd.add_output(T10)
    fd.add_output(T11)
    fd.add_output(T12)

with FusionDefinition() as fd:
    nvfuser_fusion_id3(fd)

inputs = [
    torch.testing.make_tensor((4, 8), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
