# The repeat moves past neg but stops before the sum, which is no elementwise op; the sum is
# over dim 1, so it then reduces the repeated [16, 32] tensor as before.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[8, 32], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.ops.broadcast(T0, is_broadcast_dim=[True, False, False])
    T2 = fd.ops.expand(T1, shape=[2, 8, 32])
    T3 = fd.ops.reshape(T2, new_shape=[16, 32])
    T4 = fd.ops.neg(T3)
    T5 = fd.ops.sum(T4, dims=[1], keepdim=False, dtype=DataType.Null)
    fd.add_output(T5)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((8, 32), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
