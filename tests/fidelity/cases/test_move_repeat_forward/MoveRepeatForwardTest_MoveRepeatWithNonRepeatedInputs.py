# nvFuser tests/cpp/test_move_repeat_forward.cpp:244 MoveRepeatForwardTest.MoveRepeatWithNonRepeatedInputs — repeat added to a broadcast operand and a full-size operand: one pointwise kernel
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[8], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    T1 = fd.define_tensor(shape=[1], contiguity=[None], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    T2 = fd.define_tensor(shape=[16], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    T3 = fd.ops.broadcast(T0, is_broadcast_dim=[True, False])
    T4 = fd.ops.expand(T3, shape=[2, 8])
    T5 = fd.ops.reshape(T4, new_shape=[16])
    T6 = fd.ops.add(T5, T1)
    T7 = fd.ops.sin(T6)
    T8 = fd.ops.add(T7, T2)
    T9 = fd.ops.cos(T8)
    fd.add_output(T9)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((8,), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((1,), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((16,), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
