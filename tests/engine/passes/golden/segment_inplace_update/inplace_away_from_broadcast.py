# Near miss: T3 updates T0 in place, and the fusion has a broadcast, but neither T3 nor
# T0 is upstream of the broadcast's operand (T4) or downstream of its result. (T1 is read
# on both sides, which does not matter: only the aliased pair is checked.)
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 8], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.define_tensor(shape=[4, 8], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T2 = fd.ops.add(T0, T1)
    S3 = fd.define_scalar(0.500000, dtype=DataType.Double)
    T3 = fd.ops.mul(T2, S3)
    T4 = fd.define_tensor(shape=[8], contiguity=[True], dtype=DataType.Float, is_cpu=False)
    T5 = fd.ops.broadcast(T4, is_broadcast_dim=[True, False])
    T6 = fd.ops.mul(T5, T1)
    fd.add_output(T3, T0)
    fd.add_output(T6)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((4, 8), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((4, 8), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((8,), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
