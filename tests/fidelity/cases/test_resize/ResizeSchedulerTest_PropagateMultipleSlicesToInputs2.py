# nvFuser tests/cpp/test_resize.cpp:4234 ResizeSchedulerTest.PropagateMultipleSlicesToInputs2 — two horizontal slices of one dim with differently shaped outputs: two resize kernels
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, 100], contiguity=[False, False], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    S1 = fd.ops.size(T0, dim=0)
    T2 = fd.ops.sin(T0)
    T3 = fd.ops.slice(T2, start_indices=[0, 1], end_indices=[S1, 100], strides=[1, 1])
    T4 = fd.ops.sin(T3)
    T5 = fd.ops.sin(T2)
    T6 = fd.ops.slice(T5, start_indices=[0, 2], end_indices=[S1, 100], strides=[1, 1])
    T7 = fd.ops.sin(T6)
    fd.add_output(T4)
    fd.add_output(T7)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((16, 100), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
