# The fusion of reduction_epilogue_2024-08.log: a column sum of squares, then a bias.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T3 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    T1 = fd.ops.mul(T0, T0)
    T2 = fd.ops.sum(T1, dims=[0], keepdim=False, dtype=DataType.Null)
    T4 = fd.ops.add(T2, T3)
    fd.add_output(T4)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((1024, 4096), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((4096,), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
