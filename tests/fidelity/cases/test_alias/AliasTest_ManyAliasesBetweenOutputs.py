# nvFuser tests/cpp/test_alias.cpp:724 AliasTest.ManyAliasesBetweenOutputs — add output plus permute/reshape/slice outputs aliasing it; 2 groups
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[2, 3, 5], contiguity=[True, True, True], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T1 = fd.ops.add(T0, T0)
    T2 = fd.ops.permute(T1, dims=[1, 2, 0])
    T3 = fd.ops.reshape(T2, new_shape=[15, 2])
    T4 = fd.ops.slice(T2, start_indices=[0, 0, 0], end_indices=[2, 4, 1], strides=[1, 1, 1], manual_normalization=0)
    fd.add_output(T4)
    fd.add_output(T3)
    fd.add_output(T2)
    fd.add_output(T1)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((2, 3, 5), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
