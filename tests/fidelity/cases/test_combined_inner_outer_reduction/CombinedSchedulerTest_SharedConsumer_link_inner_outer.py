# nvFuser tests/cpp/test_combined_inner_outer_reduction.cpp:177 CombinedSchedulerTest.SharedConsumer — layer-norm bwd [8192, 2048] fp32 with a consumer shared by the inner and outer reductions is segmented
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T2 = fd.define_tensor(shape=[8192, 1], contiguity=[False, None], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T3 = fd.define_tensor(shape=[8192, 1], contiguity=[False, None], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T4 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    T5 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    S6 = fd.define_scalar(1.00000, dtype=DataType.Double)
    S7 = fd.ops.size(T1, dim=1)
    S8 = fd.ops.mul(S6, S7)
    T9 = fd.ops.sub(T1, T2)
    T10 = fd.ops.mul(T9, T3)
    T11 = fd.ops.broadcast(T4, is_broadcast_dim=[True, False])
    T12 = fd.ops.mul(T0, T11)
    T13 = fd.ops.mul(S8, T12)
    T14 = fd.ops.sum(T12, dims=[1], keepdim=False, dtype=DataType.Null)
    T15 = fd.ops.broadcast(T14, is_broadcast_dim=[False, True])
    T16 = fd.ops.mul(T12, T10)
    T17 = fd.ops.sum(T16, dims=[1], keepdim=False, dtype=DataType.Null)
    T18 = fd.ops.broadcast(T17, is_broadcast_dim=[False, True])
    T19 = fd.ops.mul(T10, T18)
    T20 = fd.ops.sub(T13, T15)
    T21 = fd.ops.sub(T20, T19)
    S22 = fd.ops.reciprocal(S8)
    T23 = fd.ops.mul(S22, T3)
    T24 = fd.ops.mul(T23, T21)
    T25 = fd.ops.mul(T0, T10)
    T26 = fd.ops.sum(T25, dims=[0], keepdim=False, dtype=DataType.Null)
    T27 = fd.ops.sum(T0, dims=[0], keepdim=False, dtype=DataType.Null)
    T28 = fd.ops.broadcast(T26, is_broadcast_dim=[True, False])
    T29 = fd.ops.add(T24, T28)
    fd.add_output(T29)
    fd.add_output(T24)
    fd.add_output(T26)
    fd.add_output(T27)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((8192, 2048), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((8192, 2048), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((8192, 1), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((8192, 1), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((2048,), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((2048,), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
