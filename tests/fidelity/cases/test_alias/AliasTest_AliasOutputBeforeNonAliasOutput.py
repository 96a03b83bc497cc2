# nvFuser tests/cpp/test_alias.cpp:499 AliasTest.AliasOutputBeforeNonAliasOutput — slice output (alias) consumed by an add; runtime has exactly one KernelExecutor
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[2, 3], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.ops.slice(T0, start_indices=[0, 0], end_indices=[2, 2], strides=[1, 1], manual_normalization=0)
    T2 = fd.ops.add(T1, T1)
    fd.add_output(T1)
    fd.add_output(T2)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((2, 3), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
