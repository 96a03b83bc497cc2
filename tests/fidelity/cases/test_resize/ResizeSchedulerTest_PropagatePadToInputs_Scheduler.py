# nvFuser tests/cpp/test_resize.cpp:4987 ResizeSchedulerTest.PropagatePadToInputs/Scheduler — sin, pad of the inner dim, cos: one resize kernel
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, 100], contiguity=[False, False], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.ops.sin(T0)
    T2 = fd.ops.pad(T1, [1, 2])
    T3 = fd.ops.cos(T2)
    fd.add_output(T3)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((16, 100), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
