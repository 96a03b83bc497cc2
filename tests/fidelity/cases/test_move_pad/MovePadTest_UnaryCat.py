# nvFuser tests/cpp/test_move_pad.cpp:28 MovePadTest.UnaryCat — cat of an input and relu(input), resize scheduler disabled: one group
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 10], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[2, 10], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T2 = fd.ops.relu(T0)
    T3 = fd.ops.cat([T1, T2], dim=0, manual_padding=0)
    fd.add_output(T3)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((4, 10), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((2, 10), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs, _disable_options=["resize_scheduler"])
