import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4], contiguity=[True], dtype=DataType.Float, is_cpu=False)
    fd.add_output(T0)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((4,), dtype=torch.float33, device='cuda:0'),
]
fd.execute(inputs)
