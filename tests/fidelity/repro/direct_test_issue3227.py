# nvFuser tests/python/direct/test_repro.py:1773 test_issue3227
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[1, 4, 2, 3], contiguity=[None, True, True, True], dtype=DataType.Float, is_cpu=False, stride_order=[3, 2, 1, 0])
    T1 = fd.define_tensor(shape=[1, 5, 2, 3], contiguity=[None, True, True, True], dtype=DataType.Float, is_cpu=False, stride_order=[3, 2, 1, 0])
    T2 = fd.define_tensor(shape=[1, 2, 3], contiguity=[None, True, True], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    S1 = fd.define_scalar(1, dtype=DataType.Int)
    S2 = fd.define_scalar(1, dtype=DataType.Int)
    S3 = fd.define_scalar(2, dtype=DataType.Int)
    S4 = fd.define_scalar(3, dtype=DataType.Int)
    T3 = fd.ops.broadcast_in_dim(T2, shape=[S1, S2, S3, S4], broadcast_dims=[1, 2, 3])
    # bcast T2 to [1, 4, 2, 3]
    S5 = fd.define_scalar(1, dtype=DataType.Int)
    S6 = fd.define_scalar(4, dtype=DataType.Int)
    S7 = fd.define_scalar(2, dtype=DataType.Int)
    S8 = fd.define_scalar(3, dtype=DataType.Int)
    T4 = fd.ops.broadcast_in_dim(T3, shape=[S5, S6, S7, S8], broadcast_dims=[0, 1, 2, 3])
    # bcast T2 to [1, 5, 2, 3]
    S9 = fd.define_scalar(1, dtype=DataType.Int)
    S10 = fd.define_scalar(5, dtype=DataType.Int)
    S11 = fd.define_scalar(2, dtype=DataType.Int)
    S12 = fd.define_scalar(3, dtype=DataType.Int)
    T5 = fd.ops.broadcast_in_dim(T3, shape=[S9, S10, S11, S12], broadcast_dims=[0, 1, 2, 3])
    # add with T0
    T6 = fd.ops.add(T4, T0)
    # add with T1
    T7 = fd.ops.add(T5, T1)
    fd.add_output(T6)
    fd.add_output(T7)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.rand(24, dtype=torch.float32, device="cuda:0").as_strided((1, 4, 2, 3), (24, 6, 3, 1)),
    torch.rand(30, dtype=torch.float32, device="cuda:0").as_strided((1, 5, 2, 3), (30, 6, 3, 1)),
    torch.rand(6, dtype=torch.float32, device="cuda:0").as_strided((1, 2, 3), (6, 3, 1)),
]
fd.execute(inputs)
