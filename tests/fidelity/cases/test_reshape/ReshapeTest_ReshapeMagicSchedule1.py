# nvFuser tests/cpp/test_reshape.cpp:1426 ReshapeTest.ReshapeMagicSchedule1 — matching reshapes of two inputs linked by an add stay in one kernel
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[31, 65, 103], contiguity=[False, False, False], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T1 = fd.ops.sin(T0)
    T2 = fd.ops.reshape(T1, new_shape=[31, 6695])
    T3 = fd.ops.add(T2, T2)
    fd.add_output(T3)
    T4 = fd.define_tensor(shape=[31, 65, 103], contiguity=[False, False, False], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T5 = fd.ops.reshape(T4, new_shape=[31, 6695])
    fd.add_output(T5)
    T6 = fd.ops.add(T0, T4)
    fd.add_output(T6)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((31, 65, 103), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((31, 65, 103), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
