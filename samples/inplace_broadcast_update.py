# CUDA devices:
#  0: NVIDIA H100 80GB HBM3
# torch version: 2.6.0+cu126
# cuda version: 12.6
# nvfuser version: 0.2.26+git0c8c9a2
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id7(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[128, 64], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[128, 64], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T2 = fd.define_tensor(shape=[128], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    S3 = fd.define_scalar(None, dtype=DataType.Double)
    T6 = fd.ops.broadcast_in_dim(T2, shape=[128, 64], broadcast_dims=[0])
    T7 = fd.ops.mul(T1, T6)
    T8 = fd.ops.mul(T7, S3)
    T9 = fd.ops.sub(T0, T8)
    fd.add_output(T9, T0)

with FusionDefinition() as fd:
    nvfuser_fusion_id7(fd)

inputs = [
    torch.testing.make_tensor((128, 64), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((128, 64), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((128,), dtype=torch.float32, device='cuda:0'),
    0.01,
]
fd.execute(inputs)
