# CUDA devices:
#  0: NVIDIA H100 80GB HBM3
# torch version: 2.6.0+cu126
# cuda version: 12.6
# nvfuser version: 0.2.27+git4e1c2a9
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id1(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[2048, 4096], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[4096], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[0])
    T2 = fd.define_tensor(shape=[4096], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[0])
    T3 = fd.ops.cast(T0, dtype=DataType.Float)
    T4, T5 = fd.ops.var_mean(T3, dims=[1], correction=0, keepdim=False)
    T9 = fd.ops.broadcast_in_dim(T4, shape=[2048, 1], broadcast_dims=[0])
    T13 = fd.ops.broadcast_in_dim(T5, shape=[2048, 1], broadcast_dims=[0])
    S14 = fd.define_scalar(1.00000e-05, dtype=DataType.Double)
    T15 = fd.ops.add(T9, S14)
    T16 = fd.ops.rsqrt(T15)
    T20 = fd.ops.broadcast_in_dim(T13, shape=[2048, 4096], broadcast_dims=[0, 1])
    T21 = fd.ops.sub(T3, T20)
    T25 = fd.ops.broadcast_in_dim(T16, shape=[2048, 4096], broadcast_dims=[0, 1])
    T26 = fd.ops.mul(T21, T25)
    T30 = fd.ops.broadcast_in_dim(T1, shape=[2048, 4096], broadcast_dims=[1])
    T31 = fd.ops.cast(T30, dtype=DataType.Float)
    T32 = fd.ops.mul(T26, T31)
    T36 = fd.ops.broadcast_in_dim(T2, shape=[2048, 4096], broadcast_dims=[1])
    T37 = fd.ops.cast(T36, dtype=DataType.Float)
    T38 = fd.ops.add(T32, T37)
    T39 = fd.ops.cast(T38, dtype=DataType.BFloat16)
    fd.add_output(T39)
    fd.add_output(T5)
    fd.add_output(T16)

with FusionDefinition() as fd:
    nvfuser_fusion_id1(fd)

inputs = [
    torch.testing.make_tensor((2048, 4096), dtype=torch.bfloat16, device='cuda:0'),
    torch.testing.make_tensor((4096,), dtype=torch.bfloat16, device='cuda:0'),
    torch.testing.make_tensor((4096,), dtype=torch.bfloat16, device='cuda:0'),
]
fd.execute(inputs)
