# nvFuser tests/cpp/test_combined_inner_outer_reduction.cpp:845 CombinedSchedulerTest.InnerOuterMismatch — inner reduction [I,I,R] + outer reduction over [0, 1]: axes match, one kernel
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1, -1], contiguity=[True, True, True], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T1 = fd.ops.sum(T0, dims=[2], keepdim=False, dtype=DataType.Null)
    T2 = fd.ops.broadcast(T1, is_broadcast_dim=[False, False, True])
    T3 = fd.ops.add(T2, T0)
    T4 = fd.ops.sum(T0, dims=[0, 1], keepdim=False, dtype=DataType.Null)
    fd.add_output(T3)
    fd.add_output(T4)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((8, 16, 32), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
