# nvFuser tests/cpp/test_reshape.cpp:2865 ReshapeTest.CompatibleReshapesDifferentDisjointSetsWithMerge — same merging reshape of two 3D slices stays in one kernel
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 5, 6], contiguity=[False, False, False], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T1 = fd.ops.slice(T0, start_indices=[0, 0, 0], end_indices=[3, 4, 5], strides=[1, 1, 1])
    T2 = fd.ops.slice(T0, start_indices=[1, 1, 1], end_indices=[4, 5, 6], strides=[1, 1, 1])
    T3 = fd.ops.reshape(T1, new_shape=[5, 3, 4])
    T4 = fd.ops.reshape(T2, new_shape=[5, 3, 4])
    T5 = fd.ops.sin(T3)
    T6 = fd.ops.cos(T4)
    fd.add_output(T5)
    fd.add_output(T6)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((4, 5, 6), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
