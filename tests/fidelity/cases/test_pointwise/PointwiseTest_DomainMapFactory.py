# nvFuser tests/cpp/test_pointwise.cpp:1032 PointwiseTest.DomainMapFactory — a factory op (ones) introduces an ID no other tensor covers → 2 groups
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    T1 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T2 = fd.ops.broadcast(T0, is_broadcast_dim=[True, True, False])
    T3 = fd.ops.broadcast(T1, is_broadcast_dim=[True, False, False])
    T4 = fd.ops.add(T2, T3)
    S5 = fd.ops.size(T0, dim=0)
    S6 = fd.define_scalar(1.00000, dtype=DataType.Double)
    T7 = fd.ops.full(shape=[4, 1, S5], fill_value=S6, dtype=DataType.Float)
    T8 = fd.ops.mul(T2, T7)
    fd.add_output(T4)
    fd.add_output(T8)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((25,), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((7, 25), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
