# Near misses: cat([T0, T1]) of two different tensors, cat([T0, T2]) where T2 = set(T0)
# holds the same values but is another tensor, and a cat of a single tensor are no repeat.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id2(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 8], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.define_tensor(shape=[4, 8], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T2 = fd.ops.set(T0)
    T3 = fd.ops.cat([T0, T1], dim=0, manual_padding=0)
    T4 = fd.ops.cat([T0, T2], dim=1, manual_padding=0)
    T5 = fd.ops.cat([T1], dim=0, manual_padding=0)
    fd.add_output(T3)
    fd.add_output(T4)
    fd.add_output(T5)

with FusionDefinition() as fd:
    nvfuser_fusion_id2(fd)

inputs = [
    torch.testing.make_tensor((4, 8), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((4, 8), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
