# Fires: T3 updates T0 in place and is computed from a broadcast of T1, the pattern of
# nvFuser issue #2664. The write moves to a separate copy: T4 = segment_set(T3),
# T5 = set(T4), and T5 becomes the output that aliases T0.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 8], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.define_tensor(shape=[8], contiguity=[True], dtype=DataType.Float, is_cpu=False)
    T2 = fd.ops.broadcast(T1, is_broadcast_dim=[True, False])
    T3 = fd.ops.add(T0, T2)
    fd.add_output(T3, T0)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((4, 8), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((8,), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
