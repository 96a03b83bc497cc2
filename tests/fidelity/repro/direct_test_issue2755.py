# nvFuser tests/python/direct/test_repro.py:1687 test_issue2755
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    t0 = fd.define_tensor(shape=[-1])
    t1 = fd.ops.slice(t0, start_indices=[0], end_indices=[5])
    t2 = fd.ops.neg(t1)
    t3 = fd.ops.slice(t2, start_indices=[0], end_indices=[2])
    t4 = fd.ops.neg(t3)
    fd.add_output(t4)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.randn((10,), dtype=torch.float32, device="cuda:0"),
]
fd.execute(inputs)
