# nvFuser tests/python/direct/test_repro.py:1719 test_issue2853
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    tv0 = fd.from_pytorch(inputs[0])  # CPU scalar tensor
    tv1 = fd.from_pytorch(inputs[1])  # CUDA input
    s0 = fd.define_scalar(3.0)
    # CPU scalar only segment that should raise an error
    t2 = fd.ops.add(tv0, s0)  # Should be a CPU scalar tensor
    t3 = fd.ops.add(tv1, s0)
    fd.add_output(t2)
    fd.add_output(t3)

inputs = [
    torch.tensor(2.0, device="cpu", dtype=torch.float),
    torch.randn(3, device="cuda", dtype=torch.float),
]

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

fd.execute(inputs)
