# nvFuser tests/cpp/test_move_pad.cpp:398 MovePadTest.BooleanCat — cat of logical_and(bool, bool) and a bool input, resize scheduler disabled: one group
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 10], contiguity=[True, True], dtype=DataType.Bool, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[4, 10], contiguity=[True, True], dtype=DataType.Bool, is_cpu=False, stride_order=[1, 0])
    T2 = fd.define_tensor(shape=[2, 10], contiguity=[True, True], dtype=DataType.Bool, is_cpu=False, stride_order=[1, 0])
    T3 = fd.ops.logical_and(T0, T1)
    T4 = fd.ops.cat([T3, T2], dim=0, manual_padding=0)
    fd.add_output(T4)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((4, 10), dtype=torch.bool, device='cuda:0'),
    torch.testing.make_tensor((4, 10), dtype=torch.bool, device='cuda:0'),
    torch.testing.make_tensor((2, 10), dtype=torch.bool, device='cuda:0'),
]
fd.execute(inputs, _disable_options=["resize_scheduler"])
