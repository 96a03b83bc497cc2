# nvFuser tests/cpp/test_resize.cpp:5482 ResizeTest.TraversalForInliningPosition — two identical slices of one input feeding sin and adds, resize scheduler disabled: one pointwise group
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[16], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    T1 = fd.define_tensor(shape=[8], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    T2 = fd.ops.slice(T0, start_indices=[0], end_indices=[8], strides=[1])
    T3 = fd.ops.sin(T2)
    fd.add_output(T3)
    T4 = fd.ops.slice(T0, start_indices=[0], end_indices=[8], strides=[1])
    T5 = fd.ops.add(T1, T4)
    T6 = fd.ops.add(T2, T5)
    fd.add_output(T6)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((16,), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((8,), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs, _disable_options=["resize_scheduler"])
