# nvFuser tests/python/direct/test_repro.py:1592 test_issue2664_repro3
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T1 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    T2 = fd.define_tensor(shape=[], contiguity=[], dtype=DataType.Float, is_cpu=False)
    T3 = fd.define_tensor(shape=[], contiguity=[], dtype=DataType.Float, is_cpu=False)
    T4 = fd.ops.broadcast_in_dim(T2, shape=T1.shape(), broadcast_dims=[])
    T5 = fd.ops.add(T1, T4)
    T6 = fd.ops.sum(T5, dims=[0], keepdim=False)
    S0 = fd.define_scalar(1.00000, dtype=DataType.Double)
    T7 = fd.ops.add(T3, S0)
    fd.add_output(T6, T3)
    fd.add_output(T7, T2)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.randn((4194304,), dtype=torch.float32, device="cuda:0").as_strided((4194304,), (1,)),
    torch.randn((1,), dtype=torch.float32, device="cuda:0").as_strided((), ()),
    torch.randn((1,), dtype=torch.float32, device="cuda:0").as_strided((), ()),
]
fd.execute(inputs)
