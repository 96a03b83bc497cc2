# nvFuser tests/cpp/test_resize.cpp:3954 ResizeSchedulerTest.PropagateSliceToInputsWithReshape1/Scheduler — reshape before a slice: one resize kernel
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[16, 100], contiguity=[False, False], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.ops.sin(T0)
    T2 = fd.ops.reshape(T1, new_shape=[16, 5, 20])
    T3 = fd.ops.slice(T2, start_indices=[0, 0, 1], end_indices=[16, 5, 10], strides=[1, 1, 1])
    T4 = fd.ops.cos(T3)
    fd.add_output(T4)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((16, 100), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
