# cat([T0, T0, T0], dim=1) tiles T0 three times along dim 1: it becomes a broadcast with a
# new dim before dim 1, an expand of that dim to 3, and a reshape merging [3, 8] into 24.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 8], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.define_tensor(shape=[4, 24], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T2 = fd.ops.cat([T0, T0, T0], dim=1, manual_padding=0)
    T3 = fd.ops.mul(T2, T1)
    fd.add_output(T3)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((4, 8), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((4, 24), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
