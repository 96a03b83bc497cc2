# A repeat_interleave-style repeat (the factor is the inner dim of the merge: each row twice)
# followed by exp and a mul with a broadcast scale. Both move past; the new repeat keeps the
# interleaving (nvFuser's repeatTensor would tile here, which changes the values).
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[8, 64], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.define_tensor(shape=[1, 64], contiguity=[None, True], dtype=DataType.Float, is_cpu=False)
    T2 = fd.ops.broadcast(T0, is_broadcast_dim=[False, True, False])
    T3 = fd.ops.expand(T2, shape=[8, 2, 64])
    T4 = fd.ops.reshape(T3, new_shape=[16, 64])
    T5 = fd.ops.exp(T4)
    T6 = fd.ops.mul(T5, T1)
    fd.add_output(T6)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((8, 64), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((1, 64), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
