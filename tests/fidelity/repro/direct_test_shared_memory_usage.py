# nvFuser tests/python/direct/test_repro.py:4460 test_shared_memory_usage
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T2 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Bool, is_cpu=False)
    T3 = fd.define_tensor(shape=[-1, 1], contiguity=[True, None], dtype=DataType.Float, is_cpu=False)
    T4 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T5 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T6 = fd.ops.cast(T1, dtype=DataType.Float)
    T7 = fd.ops.cast(T0, dtype=DataType.Float)
    T8 = fd.ops.cast(T2, dtype=DataType.Float)
    T9 = fd.ops.cast(T4, dtype=DataType.Float)
    T10 = fd.ops.cast(T5, dtype=DataType.Float)
    T11 = fd.ops.mul(T7, T8)
    S12 = fd.define_scalar(1.25000, dtype=DataType.Double)
    T13 = fd.ops.mul(T11, S12)
    T14 = fd.ops.add(T6, T13)
    V15 = fd.ops.shape(T7)
    T16 = fd.ops.broadcast_in_dim(T3, shape=V15, broadcast_dims=[0, 1])
    T17 = fd.ops.reciprocal(T16)
    T18 = fd.ops.mul(T14, T17)
    T19 = fd.ops.broadcast_in_dim(T10, shape=V15, broadcast_dims=[1])
    T20 = fd.ops.mul(T9, T18)
    T21 = fd.ops.mul(T9, T19)
    T22 = fd.ops.sum(T20, dims=[0], keepdim=False, dtype=DataType.Null)
    T23 = fd.ops.mul(T21, T17)
    T24 = fd.ops.neg(T21)
    T25 = fd.ops.mul(T24, T14)
    S26 = fd.define_scalar(2.00000, dtype=DataType.Double)
    T27 = fd.ops.pow(T16, S26)
    T28 = fd.ops.reciprocal(T27)
    T29 = fd.ops.mul(T25, T28)
    T30 = fd.ops.sum(T29, dims=[1], keepdim=False, dtype=DataType.Null)
    S31 = fd.ops.size(T7, dim=0)
    T34 = fd.ops.broadcast_in_dim(T30, shape=[S31, 1], broadcast_dims=[0])
    T35 = fd.ops.mul(S26, T3)
    T36 = fd.ops.reciprocal(T35)
    T37 = fd.ops.mul(T34, T36)
    S38 = fd.ops.size(T7, dim=1)
    S39 = fd.ops.reciprocal(S38)
    T40 = fd.ops.mul(T37, S39)
    T41 = fd.ops.sum(T40, dims=[1], keepdim=False, dtype=DataType.Null)
    T42 = fd.ops.broadcast_in_dim(T41, shape=[S31, 1], broadcast_dims=[0])
    T43 = fd.ops.broadcast_in_dim(T42, shape=V15, broadcast_dims=[0, 1])
    T44 = fd.ops.mul(T43, S26)
    T45 = fd.ops.mul(T44, T14)
    T46 = fd.ops.add(T23, T45)
    T47 = fd.ops.mul(T46, S12)
    T48 = fd.ops.mul(T47, T8)
    T49 = fd.ops.cast(T46, dtype=DataType.BFloat16)
    T50 = fd.ops.cast(T48, dtype=DataType.BFloat16)
    T51 = fd.ops.cast(T22, dtype=DataType.BFloat16)
    fd.add_output(T50)
    fd.add_output(T49)
    fd.add_output(T51)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((16, 24578), dtype=torch.bfloat16, device="cuda:0"),
    torch.testing.make_tensor((16, 24578), dtype=torch.bfloat16, device="cuda:0"),
    torch.testing.make_tensor((16, 24578), dtype=torch.bool, device="cuda:0"),
    torch.testing.make_tensor((16, 1), dtype=torch.float32, device="cuda:0"),
    torch.testing.make_tensor((16, 24578), dtype=torch.bfloat16, device="cuda:0"),
    torch.testing.make_tensor((24578,), dtype=torch.bfloat16, device="cuda:0"),
]
fd.execute(inputs)
