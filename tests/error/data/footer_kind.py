import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4], contiguity=[True], dtype=DataType.Float, is_cpu=False)
    S1 = fd.define_scalar(None, dtype=DataType.Double)
    T2 = fd.ops.mul(T0, S1)
    fd.add_output(T2)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((4,), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((4,), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
