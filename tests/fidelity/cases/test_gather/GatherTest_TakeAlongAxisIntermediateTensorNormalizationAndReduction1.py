# nvFuser tests/cpp/test_gather.cpp:838 GatherTest.TakeAlongAxisIntermediateTensorNormalizationAndReduction1 — normalization, take_along_axis, full reduction: inner persistent + reduction
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[False, False], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[-1, -1], contiguity=[False, False], dtype=DataType.Int, is_cpu=False, stride_order=[1, 0])
    T2 = fd.ops.sum(T0, dims=[1], keepdim=False, dtype=DataType.Null)
    T3 = fd.ops.broadcast(T2, is_broadcast_dim=[False, True])
    T4 = fd.ops.div(T0, T3)
    T5 = fd.ops.take_along_axis(T4, T1, dim=1)
    T6 = fd.ops.sum(T5, dims=[0, 1], keepdim=False, dtype=DataType.Null)
    fd.add_output(T6)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((32, 1024), dtype=torch.float32, device='cuda:0'),
    torch.randint(0, 1024, (32, 1), dtype=torch.int64, device='cuda:0'),
]
fd.execute(inputs)
