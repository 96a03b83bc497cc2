# nvFuser tests/cpp/test_reduction_pointwise.cpp:228 NVFuserTest.ReductionSchedulerWithAdditionalIDOuterNormalization — outer normalization plus a pointwise output concretizing the broadcast dim is segmented (issue 3811)
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[1, -1, -1], contiguity=[None, True, True], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T1 = fd.define_tensor(shape=[-1, -1, -1], contiguity=[True, True, True], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T2 = fd.ops.sum(T0, dims=[0, 1], keepdim=True, dtype=DataType.Null)
    T3 = fd.ops.add(T0, T2)
    fd.add_output(T3)
    T4 = fd.ops.add(T0, T1)
    fd.add_output(T4)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((1, 20, 100), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((128, 20, 100), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
