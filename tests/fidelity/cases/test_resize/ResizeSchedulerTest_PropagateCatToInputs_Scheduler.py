# nvFuser tests/cpp/test_resize.cpp:5075 ResizeSchedulerTest.PropagateCatToInputs/Scheduler — cat of two computed tensors then cos: one resize kernel
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, 100], contiguity=[False, False], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[-1, 100], contiguity=[False, False], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T2 = fd.ops.sin(T0)
    T3 = fd.ops.sin(T1)
    T4 = fd.ops.cat([T2, T3], dim=-1)
    T5 = fd.ops.cos(T4)
    fd.add_output(T5)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((16, 100), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((16, 100), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
