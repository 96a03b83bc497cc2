# nvFuser tests/cpp/test_reduction_pointwise.cpp:163 NVFuserTest.ReductionSchedulerWithAdditionalID — reduction of [b, i] plus a pointwise output with an extra concretized ID is segmented (issue 3811)
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[1, -1], contiguity=[None, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T2 = fd.ops.sum(T0, dims=[0, 1], keepdim=False, dtype=DataType.Null)
    fd.add_output(T2)
    T3 = fd.ops.add(T0, T1)
    fd.add_output(T3)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((1, 100), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((5, 100), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
