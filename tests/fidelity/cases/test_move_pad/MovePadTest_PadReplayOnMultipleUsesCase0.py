# nvFuser tests/cpp/test_move_pad.cpp:158 MovePadTest.PadReplayOnMultipleUsesCase0 — relu feeding neg and sin, added, then cat; pad replayed back to the input, resize scheduler disabled: one group
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 10], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[1, 10], contiguity=[None, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T2 = fd.ops.relu(T0)
    T3 = fd.ops.neg(T2)
    T4 = fd.ops.sin(T2)
    T5 = fd.ops.add(T3, T4)
    T6 = fd.ops.cat([T5, T1], dim=0, manual_padding=0)
    fd.add_output(T6)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((4, 10), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((1, 10), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs, _disable_options=["resize_scheduler"])
