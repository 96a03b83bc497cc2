# Near miss: broadcast at the front then squeeze of the input's own size-1 axis moves the
# broadcast axis (a broadcast and a squeeze that do not cancel: not one op); a broadcast
# and a squeeze with exp in between are not adjacent; the squeezed output aliases T1, so
# squeeze(broadcast(T1)) may not be swapped for the input T1 itself, and redefining it
# in place would remove nothing (the broadcast has another reader).
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 1, 8], contiguity=[True, None, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.define_tensor(shape=[4, 8], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T2 = fd.ops.broadcast(T0, is_broadcast_dim=[True, False, False, False])
    T3 = fd.ops.squeeze(T2, dims=[2])
    T4 = fd.ops.relu(T3)
    T5 = fd.ops.broadcast(T1, is_broadcast_dim=[False, True, False])
    T6 = fd.ops.exp(T5)
    T7 = fd.ops.squeeze(T6, dims=[1])
    T8 = fd.ops.squeeze(T5, dims=[1])
    T9 = fd.ops.add(T5, T6)
    fd.add_output(T4)
    fd.add_output(T7)
    fd.add_output(T9)
    fd.add_output(T8, T1)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((4, 1, 8), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((4, 8), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
