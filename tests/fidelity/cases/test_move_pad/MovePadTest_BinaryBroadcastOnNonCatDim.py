# nvFuser tests/cpp/test_move_pad.cpp:85 MovePadTest.BinaryBroadcastOnNonCatDim — pad propagated across an add whose broadcast is off the cat dim, resize scheduler disabled: ExprEval + PointWise
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 10], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[10], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    T2 = fd.define_tensor(shape=[4, 5], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T3 = fd.ops.broadcast(T1, is_broadcast_dim=[True, False])
    T4 = fd.ops.add(T0, T3)
    T5 = fd.ops.cat([T2, T4], dim=1, manual_padding=0)
    fd.add_output(T5)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((4, 10), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((10,), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((4, 5), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs, _disable_options=["resize_scheduler"])
