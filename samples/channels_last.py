# CUDA devices:
#  0: NVIDIA H100 80GB HBM3
# torch version: 2.6.0+cu126
# cuda version: 12.6
# nvfuser version: 0.2.26+git0c8c9a2
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id5(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 16, 8, 8], contiguity=[True, True, True, True], dtype=DataType.Half, is_cpu=False, stride_order=[3, 0, 2, 1])
    T1 = fd.define_tensor(shape=[16], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    T2 = fd.define_tensor(shape=[16], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    T3 = fd.define_tensor(shape=[16], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    T4 = fd.define_tensor(shape=[16], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    T5 = fd.ops.cast(T0, dtype=DataType.Float)
    T10 = fd.ops.broadcast_in_dim(T1, shape=[4, 16, 8, 8], broadcast_dims=[1])
    T11 = fd.ops.sub(T5, T10)
    T16 = fd.ops.broadcast_in_dim(T2, shape=[4, 16, 8, 8], broadcast_dims=[1])
    T17 = fd.ops.mul(T11, T16)
    T22 = fd.ops.broadcast_in_dim(T3, shape=[4, 16, 8, 8], broadcast_dims=[1])
    T23 = fd.ops.mul(T17, T22)
    T28 = fd.ops.broadcast_in_dim(T4, shape=[4, 16, 8, 8], broadcast_dims=[1])
    T29 = fd.ops.add(T23, T28)
    T30 = fd.ops.relu(T29)
    T31 = fd.ops.cast(T30, dtype=DataType.Half)
    fd.add_output(T31)

with FusionDefinition() as fd:
    nvfuser_fusion_id5(fd)

inputs = [
    torch.randn(4096, dtype=torch.float16, device='cuda:0').as_strided((4, 16, 8, 8), (1024, 1, 128, 16)),
    torch.testing.make_tensor((16,), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((16,), dtype=torch.float32, device='cuda:0', low=0.5, high=2.0),
    torch.testing.make_tensor((16,), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((16,), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
