# nvFuser tests/cpp/test_reshape.cpp:1583 ReshapeTest.ReshapeMagicSchedule4 — broadcast through a reshape that does not conflict: one pointwise kernel
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[31, 49, 65], contiguity=[False, False, False], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T1 = fd.ops.sin(T0)
    T2 = fd.ops.reshape(T1, new_shape=[31, 3185])
    T3 = fd.ops.add(T2, T2)
    fd.add_output(T3)
    T4 = fd.define_tensor(shape=[31, 49, 65], contiguity=[False, False, False], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T5 = fd.define_tensor(shape=[31, 1, 1], contiguity=[False, None, None], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T6 = fd.ops.add(T5, T4)
    T7 = fd.ops.reshape(T6, new_shape=[31, 3185])
    T8 = fd.ops.add(T7, T7)
    fd.add_output(T8)
    T9 = fd.ops.add(T0, T4)
    fd.add_output(T9)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((31, 49, 65), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((31, 49, 65), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((31, 1, 1), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
