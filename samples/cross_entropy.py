# CUDA devices:
#  0: NVIDIA H100 80GB HBM3
# torch version: 2.6.0+cu126
# cuda version: 12.6
# nvfuser version: 0.2.27+git4e1c2a9
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id7(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[2048, 1000], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[2048], contiguity=[True], dtype=DataType.Int, is_cpu=False, stride_order=[0])
    T2 = fd.ops.cast(T0, dtype=DataType.Float)
    T3 = fd.ops.max(T2, dims=[1], keepdim=False, dtype=DataType.Null)
    T7 = fd.ops.broadcast_in_dim(T3, shape=[2048, 1], broadcast_dims=[0])
    T11 = fd.ops.broadcast_in_dim(T7, shape=[2048, 1000], broadcast_dims=[0, 1])
    T12 = fd.ops.sub(T2, T11)
    T13 = fd.ops.exp(T12)
    T14 = fd.ops.sum(T13, dims=[1], keepdim=False, dtype=DataType.Null)
    T15 = fd.ops.log(T14)
    T19 = fd.ops.broadcast_in_dim(T15, shape=[2048, 1], broadcast_dims=[0])
    T23 = fd.ops.broadcast_in_dim(T19, shape=[2048, 1000], broadcast_dims=[0, 1])
    T24 = fd.ops.sub(T12, T23)
    T28 = fd.ops.broadcast_in_dim(T1, shape=[2048, 1], broadcast_dims=[0])
    T29 = fd.ops.take_along_axis(T24, T28, dim=1)
    T30 = fd.ops.neg(T29)
    T31 = fd.ops.squeeze(T30, dims=[1], squeeze_expanded=False)
    T32 = fd.ops.sum(T31, dims=[0], keepdim=False, dtype=DataType.Null)
    S33 = fd.define_scalar(2048.00, dtype=DataType.Double)
    T34 = fd.ops.div(T32, S33)
    fd.add_output(T34)
    fd.add_output(T24)

with FusionDefinition() as fd:
    nvfuser_fusion_id7(fd)

inputs = [
    torch.testing.make_tensor((2048, 1000), dtype=torch.bfloat16, device='cuda:0'),
    torch.randint(0, 1000, (2048,), dtype=torch.int64, device='cuda:0'),
]
fd.execute(inputs)
