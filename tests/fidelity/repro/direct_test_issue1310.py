# nvFuser tests/python/direct/test_repro.py:435 test_issue1310
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T3 = fd.define_tensor(shape=[-1, -1, -1], contiguity=[True, True, True], dtype=DataType.BFloat16, is_cpu=False)
    T14 = fd.ops.cast(T3, dtype=DataType.Float)  # NOTE that RHS is same, but the result is assigned to different variables
    T15 = fd.ops.cast(T3, dtype=DataType.Float)  # NOTE that RHS is same, but the result is assigned to different variables
    T16 = fd.ops.sum(T15, dims=[0, 1], keepdim=False, dtype=DataType.Null)
    T20 = fd.ops.sum(T14, dims=[0, 1], keepdim=False, dtype=DataType.Null)
    T31 = fd.ops.sum(T14, dims=[2], keepdim=False, dtype=DataType.Null)
    fd.add_output(T16)
    fd.add_output(T20)
    fd.add_output(T31)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.randn((16, 128, 768), dtype=torch.bfloat16, device="cuda:0"),
]
fd.execute(inputs)
