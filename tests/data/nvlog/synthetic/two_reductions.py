# The fusion of two_reductions_2025.log: a row normalization and a column sum of the same input.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.ops.sum(T0, dims=[1], keepdim=False, dtype=DataType.Null)
    T2 = fd.ops.broadcast(T1, is_broadcast_dim=[False, True])
    T3 = fd.ops.div(T0, T2)
    T4 = fd.ops.sum(T0, dims=[0], keepdim=False, dtype=DataType.Null)
    fd.add_output(T3)
    fd.add_output(T4)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((1024, 4096), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
