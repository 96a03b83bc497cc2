# nvFuser tests/cpp/test_reshape.cpp:1758 ReshapeTest.ReshapeMagicSchedule8 — two reshapes into a 3D normalization: one kernel with ReductionParams
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[5, 3, 42, 7, 9], contiguity=[False, False, False, False, False], dtype=DataType.Float, is_cpu=False, stride_order=[4, 3, 2, 1, 0])
    T1 = fd.ops.sin(T0)
    T2 = fd.ops.reshape(T1, new_shape=[15, 42, 63])
    T3 = fd.define_tensor(shape=[3, 5, 42, 9, 7], contiguity=[False, False, False, False, False], dtype=DataType.Float, is_cpu=False, stride_order=[4, 3, 2, 1, 0])
    T4 = fd.ops.cos(T3)
    T5 = fd.ops.reshape(T4, new_shape=[15, 42, 63])
    T6 = fd.ops.add(T2, T5)
    T7 = fd.ops.sum(T6, dims=[0, 2], keepdim=False, dtype=DataType.Null)
    T8 = fd.ops.broadcast(T7, is_broadcast_dim=[True, False, True])
    T9 = fd.ops.add(T6, T8)
    fd.add_output(T9)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((5, 3, 42, 7, 9), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((3, 5, 42, 9, 7), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
