# nvFuser tests/python/direct/test_repro.py:1540 test_issue2664_repro2
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T1 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    T2 = fd.define_tensor(shape=[], contiguity=[], dtype=DataType.Float, is_cpu=False)
    S5 = fd.define_scalar(4194304, dtype=DataType.Int)
    T7 = fd.ops.broadcast_in_dim(T2, shape=[S5], broadcast_dims=[])
    T8 = fd.ops.sum(T7, dims=[0], keepdim=False)
    T9 = fd.ops.mul(T1, T7)
    T10 = fd.ops.add(T1, T7)
    fd.add_output(T8, T2)
    fd.add_output(T9)
    fd.add_output(T10)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.randn((4194304,), dtype=torch.float32, device="cuda:0").as_strided((4194304,), (1,)),
    torch.randn((1,), dtype=torch.float32, device="cuda:0").as_strided((), ()),
]
fd.execute(inputs)
