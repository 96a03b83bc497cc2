# nvFuser tests/cpp/test_resize.cpp:4042 ResizeSchedulerTest.PropagateSliceToInputsWithReshape2/Scheduler — reshape after a slice: one resize kernel
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[16, 100], contiguity=[False, False], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.ops.sin(T0)
    T2 = fd.ops.slice(T1, start_indices=[0, 1], end_indices=[16, 50], strides=[1, 1])
    T3 = fd.ops.reshape(T2, new_shape=[784])
    T4 = fd.ops.cos(T3)
    fd.add_output(T4)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((16, 100), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
