# CUDA devices:
#  0: NVIDIA A100-SXM4-80GB
# torch version: 2.5.1+cu124
# cuda version: 12.4
# nvfuser version: 0.2.23+gitd53be45
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id2(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4096, 1024], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[1024], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[0])
    T2 = fd.ops.cast(T0, dtype=DataType.Float)
    S3 = fd.define_scalar(2.00000, dtype=DataType.Double)
    T4 = fd.ops.pow(T2, S3)
    T5 = fd.ops.sum(T4, dims=[1], keepdim=False, dtype=DataType.Null)
    T9 = fd.ops.broadcast_in_dim(T5, shape=[4096, 1], broadcast_dims=[0])
    S10 = fd.define_scalar(1024.00, dtype=DataType.Double)
    T11 = fd.ops.div(T9, S10)
    S12 = fd.define_scalar(1.00000e-06, dtype=DataType.Double)
    T13 = fd.ops.add(T11, S12)
    T14 = fd.ops.rsqrt(T13)
    T18 = fd.ops.broadcast_in_dim(T14, shape=[4096, 1024], broadcast_dims=[0, 1])
    T19 = fd.ops.mul(T2, T18)
    T20 = fd.ops.cast(T19, dtype=DataType.BFloat16)
    T24 = fd.ops.broadcast_in_dim(T1, shape=[4096, 1024], broadcast_dims=[1])
    T25 = fd.ops.cast(T20, dtype=DataType.Float)
    T26 = fd.ops.cast(T24, dtype=DataType.Float)
    T27 = fd.ops.mul(T25, T26)
    T28 = fd.ops.cast(T27, dtype=DataType.BFloat16)
    fd.add_output(T28)
    fd.add_output(T14)

with FusionDefinition() as fd:
    nvfuser_fusion_id2(fd)

inputs = [
    torch.testing.make_tensor((4096, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.testing.make_tensor((1024,), dtype=torch.bfloat16, device='cuda:0'),
]
fd.execute(inputs)
