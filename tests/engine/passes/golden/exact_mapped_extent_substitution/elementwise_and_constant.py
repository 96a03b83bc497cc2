# Fires: add(T0, T1) maps T0's dims to T1's; T1's first dim is the constant 4, which wins
# over T0.size0, and T1.size1 becomes T0.size1 (the extent created first). The broadcast
# operand of mul maps T2.size0 to T0.size1 too; its broadcast dim joins nothing.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.define_tensor(shape=[4, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T2 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float, is_cpu=False)
    T3 = fd.ops.add(T0, T1)
    T4 = fd.ops.broadcast(T2, is_broadcast_dim=[True, False])
    T5 = fd.ops.mul(T3, T4)
    T6 = fd.ops.sum(T5, dims=[0], keepdim=False, dtype=DataType.Null)
    fd.add_output(T5)
    fd.add_output(T6)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((4, 8), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((4, 8), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((8,), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
