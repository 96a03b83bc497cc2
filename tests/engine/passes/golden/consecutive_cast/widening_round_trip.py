# float -> double -> float loses nothing: the chain disappears and the mul reads T0. The
# same-dtype cast T5 = cast(T4, Float) on the other branch is removed as well.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 8], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.ops.cast(T0, dtype=DataType.Double)
    T2 = fd.ops.cast(T1, dtype=DataType.Float)
    T3 = fd.ops.mul(T2, T2)
    T4 = fd.ops.exp(T0)
    T5 = fd.ops.cast(T4, dtype=DataType.Float)
    T6 = fd.ops.add(T3, T5)
    fd.add_output(T6)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((4, 8), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
