# nvFuser tests/cpp/test_alias.cpp:699 AliasTest.OutputNotAliasedByAnotherOutputShouldNotBeSegmented — add, reshape (output), permute, mul (output); not segmented (#1646)
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[2, 3, 5], contiguity=[True, True, True], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T1 = fd.ops.add(T0, T0)
    T2 = fd.ops.reshape(T1, new_shape=[6, 5])
    T3 = fd.ops.permute(T2, dims=[1, 0])
    T4 = fd.ops.mul(T3, T3)
    fd.add_output(T2)
    fd.add_output(T4)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((2, 3, 5), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
