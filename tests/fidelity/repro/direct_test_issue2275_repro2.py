# nvFuser tests/python/direct/test_repro.py:1163 test_issue2275_repro2
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.from_pytorch(inputs[0])

    T1 = fd.ops.slice(T0, start_indices=[0, 0, 0, 0], end_indices=[2, 32, 4096, 128], strides=[1, 1, 1, 1])
    T2 = fd.ops.slice(T1, start_indices=[0, 0, 0, 0], end_indices=[2, 32, 4096, 64], strides=[1, 1, 1, 1])
    T3 = fd.ops.slice(T1, start_indices=[0, 0, 0, 64], end_indices=[2, 32, 4096, 128], strides=[1, 1, 1, 1])
    T4 = fd.ops.cast(fd.ops.neg(T3), DataType.BFloat16)
    T5 = fd.ops.cat([T4, T2], dim=-1)
    T6 = fd.ops.add(fd.ops.sin(T5), fd.ops.cos(T5))
    T7 = fd.ops.cast(T6, DataType.BFloat16)

    T100 = fd.ops.slice(T0, start_indices=[0, 0, 0, 0], end_indices=[2, 32, 4096, 0], strides=[1, 1, 1, 1])
    T101 = fd.ops.cat([T7, T100], dim=-1)
    fd.add_output(T101)

inputs = [
    torch.randn((2, 32, 4096, 128), dtype=torch.bfloat16, device="cuda:0"),
]

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

fd.execute(inputs)
