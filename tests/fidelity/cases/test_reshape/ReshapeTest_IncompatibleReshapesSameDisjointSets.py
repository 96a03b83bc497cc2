# nvFuser tests/cpp/test_reshape.cpp:2818 ReshapeTest.IncompatibleReshapesSameDisjointSets — two incompatible reshapes of one input ([6,4] vs [3,8]) must be segmented
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[24], contiguity=[False], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    T1 = fd.ops.set(T0)
    T2 = fd.ops.set(T0)
    T3 = fd.ops.reshape(T1, new_shape=[6, 4])
    T4 = fd.ops.reshape(T2, new_shape=[3, 8])
    T5 = fd.ops.sin(T3)
    T6 = fd.ops.cos(T4)
    fd.add_output(T5)
    fd.add_output(T6)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((24,), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
