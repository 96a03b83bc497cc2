# nvFuser tests/cpp/test_alias.cpp:1058 AliasTest.AliasOnlyKernelsAreNotLaunched — add output and its permute output; profiler sees two segments, only one launches a kernel
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[2, 3], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.ops.add(T0, T0)
    T2 = fd.ops.permute(T1, dims=[1, 0])
    fd.add_output(T1)
    fd.add_output(T2)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((2, 3), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
