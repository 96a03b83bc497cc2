# CUDA devices:
#  0: NVIDIA H100 80GB HBM3
# torch version: 2.6.0+cu126
# cuda version: 12.6
# nvfuser version: 0.2.27+git4e1c2a9
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id4(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[1024, 4096], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[1024], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    T2 = fd.define_tensor(shape=[1024, 1], contiguity=[True, None], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T3 = fd.define_tensor(shape=[1024, 4096], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    T4 = fd.define_tensor(shape=[4096], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[0])
    T5 = fd.ops.cast(T0, dtype=DataType.Float)
    T9 = fd.ops.broadcast_in_dim(T1, shape=[1024, 1], broadcast_dims=[0])
    T13 = fd.ops.broadcast_in_dim(T9, shape=[1024, 4096], broadcast_dims=[0, 1])
    T14 = fd.ops.sub(T5, T13)
    T18 = fd.ops.broadcast_in_dim(T2, shape=[1024, 4096], broadcast_dims=[0, 1])
    T19 = fd.ops.mul(T14, T18)
    T20 = fd.ops.cast(T3, dtype=DataType.Float)
    T24 = fd.ops.broadcast_in_dim(T4, shape=[1024, 4096], broadcast_dims=[1])
    T25 = fd.ops.cast(T24, dtype=DataType.Float)
    T26 = fd.ops.mul(T20, T25)
    T27 = fd.ops.mul(T26, T19)
    T28 = fd.ops.sum(T27, dims=[1], keepdim=False, dtype=DataType.Null)
    T32 = fd.ops.broadcast_in_dim(T28, shape=[1024, 1], broadcast_dims=[0])
    T33 = fd.ops.sum(T26, dims=[1], keepdim=False, dtype=DataType.Null)
    T37 = fd.ops.broadcast_in_dim(T33, shape=[1024, 1], broadcast_dims=[0])
    S38 = fd.define_scalar(4096.00, dtype=DataType.Double)
    T39 = fd.ops.mul(T26, S38)
    T43 = fd.ops.broadcast_in_dim(T37, shape=[1024, 4096], broadcast_dims=[0, 1])
    T44 = fd.ops.sub(T39, T43)
    T48 = fd.ops.broadcast_in_dim(T32, shape=[1024, 4096], broadcast_dims=[0, 1])
    T49 = fd.ops.mul(T19, T48)
    T50 = fd.ops.sub(T44, T49)
    S51 = fd.define_scalar(4096.00, dtype=DataType.Double)
    S52 = fd.ops.reciprocal(S51)
    T53 = fd.ops.mul(T18, S52)
    T54 = fd.ops.mul(T53, T50)
    T55 = fd.ops.cast(T54, dtype=DataType.BFloat16)
    T56 = fd.ops.mul(T20, T19)
    T57 = fd.ops.sum(T56, dims=[0], keepdim=False, dtype=DataType.Null)
    T58 = fd.ops.cast(T57, dtype=DataType.BFloat16)
    T59 = fd.ops.sum(T20, dims=[0], keepdim=False, dtype=DataType.Null)
    T60 = fd.ops.cast(T59, dtype=DataType.BFloat16)
    fd.add_output(T55)
    fd.add_output(T58)
    fd.add_output(T60)

with FusionDefinition() as fd:
    nvfuser_fusion_id4(fd)

inputs = [
    torch.testing.make_tensor((1024, 4096), dtype=torch.bfloat16, device='cuda:0'),
    torch.testing.make_tensor((1024,), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((1024, 1), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((1024, 4096), dtype=torch.bfloat16, device='cuda:0'),
    torch.testing.make_tensor((4096,), dtype=torch.bfloat16, device='cuda:0'),
]
fd.execute(inputs)
