# nvFuser tests/cpp/test_reshape.cpp:2984 ReshapeTest.IncompatibleReshapesDifferentDisjointSetsMultiSteps — incompatible multi-step reshapes of two slices must be segmented
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[36], contiguity=[False], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    T1 = fd.ops.slice(T0, start_indices=[0], end_indices=[24], strides=[1])
    T2 = fd.ops.slice(T0, start_indices=[12], end_indices=[36], strides=[1])
    T3 = fd.ops.reshape(T1, new_shape=[2, 3, 4])
    T4 = fd.ops.reshape(T2, new_shape=[2, 2, 6])
    T5 = fd.ops.sin(T3)
    T6 = fd.ops.cos(T4)
    fd.add_output(T5)
    fd.add_output(T6)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((36,), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
