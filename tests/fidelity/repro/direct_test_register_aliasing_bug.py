# nvFuser tests/python/direct/test_repro.py:4731 test_register_aliasing_bug
# parameters dim0=2048, dim1=32 inlined (set in the test before the call)
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[32], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    T1 = fd.define_tensor(shape=[1, 2048, 32], contiguity=[None, True, True], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T2 = fd.define_tensor(shape=[1, 2048, 32], contiguity=[None, True, True], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T3 = fd.define_tensor(shape=[1, 2048, 1], contiguity=[None, True, None], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T8 = fd.ops.broadcast_in_dim(T0, shape=[1, 2048, 32], broadcast_dims=[2])
    T9 = fd.ops.mul(T8, T1)
    T10 = fd.ops.mul(T2, T9)
    T11 = fd.ops.sum(T10, dims=[0, 2], keepdim=False, dtype=DataType.Null)
    T16 = fd.ops.broadcast_in_dim(T11, shape=[1, 2048, 1], broadcast_dims=[1])
    S17 = fd.define_scalar(3.00000, dtype=DataType.Double)
    T18 = fd.ops.pow(T3, S17)
    S19 = fd.define_scalar(-0.500000, dtype=DataType.Double)
    T20 = fd.ops.mul(S19, T16)
    T21 = fd.ops.mul(T20, T18)
    S22 = fd.define_scalar(32, dtype=DataType.Double)
    S23 = fd.ops.reciprocal(S22)
    T24 = fd.ops.mul(T21, S23)
    T25 = fd.ops.sum(T24, dims=[0, 2], keepdim=False, dtype=DataType.Null)
    T29 = fd.ops.broadcast_in_dim(T25, shape=[1, 2048], broadcast_dims=[1])
    T34 = fd.ops.broadcast_in_dim(T29, shape=[1, 2048, 1], broadcast_dims=[0, 1])
    T39 = fd.ops.broadcast_in_dim(T3, shape=[1, 2048, 32], broadcast_dims=[0, 1, 2])
    T44 = fd.ops.broadcast_in_dim(T34, shape=[1, 2048, 32], broadcast_dims=[0, 1, 2])
    T45 = fd.ops.mul(T2, T39)
    T46 = fd.ops.mul(T2, T44)
    T47 = fd.ops.mul(T39, T9)
    T48 = fd.ops.mul(T45, T1)
    T49 = fd.ops.add(T47, T46)
    T50 = fd.ops.add(T49, T46)
    T51 = fd.ops.sum(T48, dims=[0, 1], keepdim=False, dtype=DataType.Null)
    T55 = fd.ops.reshape(T50, new_shape=[2048, 32])
    fd.add_output(T50)
    fd.add_output(T55)
    fd.add_output(T51)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((32,), dtype=torch.float32, device="cuda:0", low=-2, high=2),
    torch.testing.make_tensor((1, 2048, 32), dtype=torch.float32, device="cuda:0", low=-2, high=2),
    torch.testing.make_tensor((1, 2048, 32), dtype=torch.float32, device="cuda:0", low=-2, high=2),
    torch.testing.make_tensor((1, 2048, 1), dtype=torch.float32, device="cuda:0", low=-2, high=2),
]
fd.execute(inputs)
