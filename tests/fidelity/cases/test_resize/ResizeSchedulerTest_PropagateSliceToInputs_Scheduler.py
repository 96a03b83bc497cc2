# nvFuser tests/cpp/test_resize.cpp:3868 ResizeSchedulerTest.PropagateSliceToInputs/Scheduler — sin, slice of the inner dim, cos: one resize kernel
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, 100], contiguity=[False, False], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    S1 = fd.ops.size(T0, dim=0)
    T2 = fd.ops.sin(T0)
    T3 = fd.ops.slice(T2, start_indices=[0, 1], end_indices=[S1, 99], strides=[1, 1])
    T4 = fd.ops.cos(T3)
    fd.add_output(T4)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((16, 100), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
