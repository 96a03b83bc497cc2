# Fires: squeeze(broadcast(T0)) of the same axis is the identity, so mul reads T0 directly
# and both the broadcast and the squeeze go.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 8], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.ops.broadcast(T0, is_broadcast_dim=[False, True, False])
    T2 = fd.ops.squeeze(T1, dims=[1])
    S3 = fd.define_scalar(2.00000, dtype=DataType.Double)
    T4 = fd.ops.mul(T2, S3)
    fd.add_output(T4)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((4, 8), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
