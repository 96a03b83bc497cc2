# nvFuser tests/cpp/test_resize.cpp:5766 ResizeTest.AvoidCachingSliceInput — softmax-like persistent times a reshaped slice, plus a second slice output: three segments
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Half, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Half, is_cpu=False, stride_order=[0])
    T2 = fd.ops.cast(T0, dtype=DataType.Float)
    T3 = fd.ops.exp(T2)
    T4 = fd.ops.sum(T3, dims=[1], keepdim=False, dtype=DataType.Null)
    T5 = fd.ops.broadcast(T4, is_broadcast_dim=[False, True])
    T6 = fd.ops.div(T3, T5)
    T7 = fd.ops.reshape(T1, new_shape=[8, 10240])
    T8 = fd.ops.slice(T7, start_indices=[0, 0], end_indices=[8, 512], strides=[1, 1])
    T9 = fd.ops.reshape(T8, new_shape=[4096])
    T10 = fd.ops.broadcast(T9, is_broadcast_dim=[True, False])
    T11 = fd.ops.cast(T10, dtype=DataType.Float)
    fd.add_output(T11)
    T12 = fd.ops.slice(T7, start_indices=[0, 1536], end_indices=[8, 2048], strides=[1, 1])
    T13 = fd.ops.reshape(T12, new_shape=[4096])
    T14 = fd.ops.broadcast(T13, is_broadcast_dim=[True, False])
    T15 = fd.ops.cast(T14, dtype=DataType.Float)
    T16 = fd.ops.mul(T6, T15)
    fd.add_output(T16)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((128, 4096), dtype=torch.float16, device='cuda:0'),
    torch.testing.make_tensor((81920,), dtype=torch.float16, device='cuda:0'),
]
fd.execute(inputs)
