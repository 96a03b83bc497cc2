# nvFuser tests/cpp/test_segmentation.cpp:56 SegmentationTest.Issue1284_Repro2 — one 2D input broadcast-added to a 3D and a 4D input → 2 groups
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[False, False], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[-1, -1, -1], contiguity=[False, False, False], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T2 = fd.define_tensor(shape=[-1, -1, -1, -1], contiguity=[False, False, False, False], dtype=DataType.Float, is_cpu=False, stride_order=[3, 2, 1, 0])
    T3 = fd.ops.broadcast(T0, is_broadcast_dim=[True, False, False])
    T4 = fd.ops.add(T3, T1)
    T5 = fd.ops.broadcast(T0, is_broadcast_dim=[True, True, False, False])
    T6 = fd.ops.add(T5, T2)
    fd.add_output(T4)
    fd.add_output(T6)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((4, 4), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((3, 4, 4), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((2, 8, 4, 4), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
