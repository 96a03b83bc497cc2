# CUDA devices:
#  0: NVIDIA H100 80GB HBM3
# torch version: 2.6.0+cu126
# cuda version: 12.6
# nvfuser version: 0.2.27+git4e1c2a9
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id5(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[1024, 64], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[2, 8, 1024, 128], contiguity=[True, True, True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[3, 2, 1, 0])
    T2 = fd.ops.cat([T0, T0], dim=-1, manual_padding=0)
    T3 = fd.ops.cos(T2)
    T4 = fd.ops.cast(T3, dtype=DataType.BFloat16)
    T5 = fd.ops.broadcast_in_dim(T4, shape=[2, 8, 1024, 128], broadcast_dims=[2, 3])
    T6 = fd.ops.cast(T1, dtype=DataType.Float)
    T7 = fd.ops.cast(T5, dtype=DataType.Float)
    T8 = fd.ops.mul(T6, T7)
    T9 = fd.ops.cast(T8, dtype=DataType.BFloat16)
    fd.add_output(T9)

with FusionDefinition() as fd:
    nvfuser_fusion_id5(fd)

inputs = [
    torch.testing.make_tensor((1024, 64), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((2, 8, 1024, 128), dtype=torch.bfloat16, device='cuda:0'),
]
fd.execute(inputs)
