# nvFuser tests/cpp/test_welford.cpp:793 NVFuserTest.LargeWelfordNormalization — welford + sum over the same large inner axis (65536) stay in one kernel
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[False, False], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1, T2, T3 = fd.ops.welford(T0, dims=[1])
    T4 = fd.ops.sum(T0, dims=[1], keepdim=False, dtype=DataType.Null)
    fd.add_output(T2)
    fd.add_output(T4)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((128, 65536), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
