# CUDA devices:
#  0: NVIDIA H200
# torch version: 2.7.1+cu128
# cuda version: 12.8
# nvfuser version: 0.2.29+git8f0d1b3
# samples/softmax.py, second version: the input is scaled first (every later tensor is renamed) and
# the column sums of exp are a second output (a reduction over the other axis).
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4096, 1024], contiguity=[True, True], dtype=DataType.Half, is_cpu=False, stride_order=[1, 0])
    T1 = fd.ops.cast(T0, dtype=DataType.Float)
    S2 = fd.define_scalar(0.5, dtype=DataType.Double)
    T3 = fd.ops.mul(T1, S2)
    T4 = fd.ops.max(T3, dims=[1], keepdim=False, dtype=DataType.Null)
    T5 = fd.ops.broadcast_in_dim(T4, shape=[4096, 1], broadcast_dims=[0])
    T6 = fd.ops.broadcast_in_dim(T5, shape=[4096, 1024], broadcast_dims=[0, 1])
    T7 = fd.ops.sub(T3, T6)
    T8 = fd.ops.exp(T7)
    T9 = fd.ops.sum(T8, dims=[1], keepdim=False, dtype=DataType.Null)
    T10 = fd.ops.broadcast_in_dim(T9, shape=[4096, 1], broadcast_dims=[0])
    T11 = fd.ops.reciprocal(T10)
    T12 = fd.ops.broadcast_in_dim(T11, shape=[4096, 1024], broadcast_dims=[0, 1])
    T13 = fd.ops.mul(T8, T12)
    T14 = fd.ops.cast(T13, dtype=DataType.Half)
    T15 = fd.ops.sum(T8, dims=[0], keepdim=False, dtype=DataType.Null)
    fd.add_output(T14)
    fd.add_output(T15)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((4096, 1024), dtype=torch.float16, device='cuda:0'),
]
fd.execute(inputs)
