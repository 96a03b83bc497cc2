# CUDA devices:
#  0: NVIDIA H100 80GB HBM3
# torch version: 2.6.0+cu126
# cuda version: 12.6
# nvfuser version: 0.2.26+git0c8c9a2
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id3(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[64, 256], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[256], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[0])
    T2 = fd.ops.cast(T0, dtype=DataType.Float)
    T3 = fd.ops.mul(T2, T2)
    T4 = fd.ops.sum(T3, dims=[1], keepdim=False, dtype=DataType.Null)
    T7 = fd.ops.broadcast_in_dim(T4, shape=[64, 1], broadcast_dims=[0])
    T8 = fd.ops.squeeze(T7, dims=[1])
    S9 = fd.define_scalar(256.000, dtype=DataType.Double)
    T10 = fd.ops.div(T8, S9)
    S11 = fd.define_scalar(1.00000e-06, dtype=DataType.Double)
    T12 = fd.ops.add(T10, S11)
    T13 = fd.ops.rsqrt(T12)
    T16 = fd.ops.broadcast_in_dim(T13, shape=[64, 1], broadcast_dims=[0])
    T17 = fd.ops.mul(T2, T16)
    T20 = fd.ops.broadcast_in_dim(T1, shape=[64, 256], broadcast_dims=[1])
    T21 = fd.ops.cast(T20, dtype=DataType.Float)
    T22 = fd.ops.mul(T17, T21)
    T23 = fd.ops.cast(T22, dtype=DataType.BFloat16)
    fd.add_output(T23)
    fd.add_output(T13)

with FusionDefinition() as fd:
    nvfuser_fusion_id3(fd)

inputs = [
    torch.testing.make_tensor((64, 256), dtype=torch.bfloat16, device='cuda:0'),
    torch.testing.make_tensor((256,), dtype=torch.bfloat16, device='cuda:0'),
]
fd.execute(inputs)
