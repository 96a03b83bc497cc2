# nvFuser tests/python/direct/test_repro.py:1223 test_issue2317
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.from_pytorch(inputs[0])
    T1 = fd.from_pytorch(inputs[1])
    T2 = fd.from_pytorch(inputs[2])

    T10 = fd.ops.permute(T0, dims=[0, 2, 1, 3])
    T11 = fd.ops.stride_order(T10, stride_order=[3, 2, 1, 0])
    T16 = fd.ops.reshape(T11, new_shape=T1.shape())
    T17 = fd.ops.linear(T16, T2)
    T33 = fd.ops.add(T17, T1)

    T33 = fd.ops.cast(T33, dtype=DataType.BFloat16)
    T34 = fd.ops.linear(T33, T2)
    T35 = fd.ops.add(T34, T33)
    fd.add_output(T35)

inputs = [
    torch.randn((16, 25, 128, 64), dtype=torch.bfloat16, device="cuda:0"),
    torch.randn((16, 128, 1600), dtype=torch.bfloat16, device="cuda:0"),
    torch.randn((1600, 1600), dtype=torch.bfloat16, device="cuda:0"),
]

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

fd.execute(inputs)
