# nvFuser tests/cpp/test_resize.cpp:4480 ResizeSchedulerTest.PropagateMultipleSlicesToInputs5/Scheduler — two chained slices (1 then 3) of the inner dim: one resize kernel
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, 100], contiguity=[False, False], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    S1 = fd.ops.size(T0, dim=0)
    T2 = fd.ops.sin(T0)
    T3 = fd.ops.slice(T2, start_indices=[0, 1], end_indices=[S1, 100], strides=[1, 1])
    T4 = fd.ops.slice(T3, start_indices=[0, 3], end_indices=[S1, 99], strides=[1, 1])
    T5 = fd.ops.sin(T4)
    fd.add_output(T5)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((16, 100), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
