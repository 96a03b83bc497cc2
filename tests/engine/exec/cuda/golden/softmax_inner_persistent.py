# CUDA devices:
#  0: NVIDIA H200
# torch version: 2.7.1+cu128
# cuda version: 12.8
# nvfuser version: 0.2.29+git8f0d1b3
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[64, 512], contiguity=[True, True], dtype=DataType.Half, is_cpu=False, stride_order=[1, 0])
    T1 = fd.ops.cast(T0, dtype=DataType.Float)
    T2 = fd.ops.max(T1, dims=[1], keepdim=False, dtype=DataType.Null)
    T6 = fd.ops.broadcast_in_dim(T2, shape=[64, 1], broadcast_dims=[0])
    T10 = fd.ops.broadcast_in_dim(T6, shape=[64, 512], broadcast_dims=[0, 1])
    T11 = fd.ops.sub(T1, T10)
    T12 = fd.ops.exp(T11)
    T13 = fd.ops.sum(T12, dims=[1], keepdim=False, dtype=DataType.Null)
    T17 = fd.ops.broadcast_in_dim(T13, shape=[64, 1], broadcast_dims=[0])
    T18 = fd.ops.reciprocal(T17)
    T22 = fd.ops.broadcast_in_dim(T18, shape=[64, 512], broadcast_dims=[0, 1])
    T23 = fd.ops.mul(T12, T22)
    T24 = fd.ops.cast(T23, dtype=DataType.Half)
    fd.add_output(T24)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((64, 512), dtype=torch.float16, device='cuda:0'),
]
fd.execute(inputs)
