# nvFuser tests/python/direct/test_repro.py:1420 test_issue2545
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Int, is_cpu=False, stride_order=[0])
    T1 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Int, is_cpu=False, stride_order=[0])
    S2 = fd.define_scalar(0, dtype=DataType.Int)
    T3 = fd.ops.lt(T0, S2)
    S4 = fd.define_scalar(5, dtype=DataType.Int)
    S5 = fd.define_scalar(0, dtype=DataType.Int)
    T6 = fd.ops.where(T3, S4, S5)
    T7 = fd.ops.add(T0, T6)
    S8 = fd.define_scalar(0, dtype=DataType.Int)
    T9 = fd.ops.add(T7, S8)
    T10 = fd.ops.cat([T1, T9], dim=0)
    S11 = fd.define_scalar(0, dtype=DataType.Int)
    T12 = fd.ops.add(T10, S11)
    T13 = fd.ops.cat([T1, T12], dim=0)
    S14 = fd.define_scalar(5, dtype=DataType.Int)
    T15 = fd.ops.add(T10, S14)
    T16 = fd.ops.cat([T13, T15], dim=0)
    S17 = fd.define_scalar(10, dtype=DataType.Int)
    T18 = fd.ops.add(T10, S17)
    fd.add_output(T18)
    fd.add_output(T16)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.randint(0, 10, (2,), dtype=torch.int64, device="cuda:0").as_strided((2,), (1,)),
    torch.randint(0, 10, (0,), dtype=torch.int64, device="cuda:0").as_strided((0,), (1,)),
]
fd.execute(inputs)
