# pad(tanh(relu(x)), [1, 1], 0.0): tanh(0) == relu(0) == 0, so the zero pad moves above
# both ops, tanh(relu(pad(x))), and the cast (cast(0) == 0) before the relu is passed too.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 6], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    S1 = fd.define_scalar(0.00000, dtype=DataType.Double)
    T2 = fd.ops.cast(T0, dtype=DataType.Float)
    T3 = fd.ops.relu(T2)
    T4 = fd.ops.tanh(T3)
    T5 = fd.ops.pad(T4, [1, 1], S1)
    T6 = fd.ops.mul(T5, T5)
    fd.add_output(T6)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((4, 6), dtype=torch.bfloat16, device='cuda:0'),
]
fd.execute(inputs)
