# Two outputs read exp(repeat): every use chain passes through the exp, its furthest common
# tensor, so the repeat moves after the exp and both readers take the repeated tensor.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 16], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.ops.broadcast(T0, is_broadcast_dim=[False, True, False])
    T2 = fd.ops.expand(T1, shape=[4, 3, 16])
    T3 = fd.ops.reshape(T2, new_shape=[4, 48])
    T4 = fd.ops.exp(T3)
    T5 = fd.ops.neg(T4)
    T6 = fd.ops.abs(T4)
    fd.add_output(T5)
    fd.add_output(T6)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((4, 16), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
