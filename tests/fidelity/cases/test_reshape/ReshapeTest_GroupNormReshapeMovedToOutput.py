# nvFuser tests/cpp/test_reshape.cpp:2530 ReshapeTest.GroupNormReshapeMovedToOutput — group norm with the last reshape at the output: inner persistent + expr-eval reshape
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
    T8 = fd.ops.reshape(T1, new_shape=[32, 4])
    T9 = fd.ops.reshape(T2, new_shape=[32, 4])
    T10 = fd.ops.broadcast(T8, is_broadcast_dim=[True, False, False, True, True])
    T11 = fd.ops.broadcast(T9, is_broadcast_dim=[True, False, False, True, True])
    T12 = fd.ops.mul(T7, T10)
    T13 = fd.ops.add(T12, T11)
    T14 = fd.ops.cast(T13, dtype=DataType.Half)
    T15 = fd.ops.reshape(T14, new_shape=[2, 128, 16, 16])
    fd.add_output(T15)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((2, 128, 16, 16), dtype=torch.float16, device='cuda:0'),
    torch.testing.make_tensor((128,), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((128,), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
