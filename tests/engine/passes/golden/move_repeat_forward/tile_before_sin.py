# torch's repeat(x, (2, 1)) as nvFuser's ops::repeat builds it (broadcast a new outer dim,
# expand it to 2, flatten) feeding sin: sin runs on the [8, 128] input and the repeat moves
# after it (nvFuser's MoveRepeatForwardTest.Simple).
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[8, 128], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.ops.broadcast(T0, is_broadcast_dim=[True, False, False])
    T2 = fd.ops.expand(T1, shape=[2, 8, 128])
    T3 = fd.ops.reshape(T2, new_shape=[16, 128])
    T4 = fd.ops.sin(T3)
    fd.add_output(T4)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((8, 128), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
