# nvFuser tests/cpp/test_reshape.cpp:2363 ReshapeTest.GroupNormOriginal — group norm with reshapes in and out: pointwise + reduction
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1, -1, -1], contiguity=[True, True, True, True], dtype=DataType.Half, is_cpu=False, stride_order=[3, 2, 1, 0])
    T1 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    T2 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    T3 = fd.ops.cast(T0, dtype=DataType.Float)
    T4 = fd.ops.reshape(T3, new_shape=[2, 32, 4, 16, 16])
    T5 = fd.ops.sum(T4, dims=[2, 3, 4], keepdim=False, dtype=DataType.Null)
    T6 = fd.ops.broadcast(T5, is_broadcast_dim=[False, False, True, True, True])
    T7 = fd.ops.div(T4, T6)
    T8 = fd.ops.reshape(T7, new_shape=[2, 128, 16, 16])
    T9 = fd.ops.broadcast(T1, is_broadcast_dim=[True, False, True, True])
    T10 = fd.ops.broadcast(T2, is_broadcast_dim=[True, False, True, True])
    T11 = fd.ops.mul(T8, T9)
    T12 = fd.ops.add(T11, T10)
    T13 = fd.ops.cast(T12, dtype=DataType.Half)
    fd.add_output(T13)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((2, 128, 16, 16), dtype=torch.float16, device='cuda:0'),
    torch.testing.make_tensor((128,), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((128,), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
