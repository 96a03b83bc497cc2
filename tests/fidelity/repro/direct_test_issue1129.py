# nvFuser tests/python/direct/test_repro.py:33 test_issue1129
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Int, is_cpu=False)
    T1 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    S2 = fd.define_scalar(25, dtype=DataType.Int)
    T4 = fd.ops.reshape(T0, new_shape=[S2])
    T5 = fd.ops.index_select(T1, T4, dim=0)
    S6 = fd.define_scalar(5, dtype=DataType.Int)
    S7 = fd.define_scalar(5, dtype=DataType.Int)
    S8 = fd.define_scalar(64, dtype=DataType.Int)
    T10 = fd.ops.reshape(T5, new_shape=[S6, S7, S8])
    fd.add_output(T10)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.randint(0, 10, (25,), dtype=torch.int64, device="cuda:0").as_strided((5, 5), (5, 1)),
    torch.randn((129024,), dtype=torch.float32, device="cuda:0").as_strided((2016, 64), (64, 1)),
]
fd.execute(inputs)
