# nvFuser tests/cpp/test_reshape.cpp:1639 ReshapeTest.ReshapeMagicSchedule5 — two different reshapes consumed by the reference: one pointwise kernel
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[15, 31, 3185], contiguity=[False, False, False], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T1 = fd.ops.sin(T0)
    T2 = fd.ops.reshape(T1, new_shape=[65, 49, 31, 15])
    T3 = fd.define_tensor(shape=[15, 1519, 65], contiguity=[False, False, False], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T4 = fd.ops.cos(T3)
    T5 = fd.ops.reshape(T4, new_shape=[65, 49, 31, 15])
    T6 = fd.ops.add(T2, T5)
    fd.add_output(T6)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((15, 31, 3185), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((15, 1519, 65), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
