# KV-cache append on the first decoding step: the cached keys are empty along the cat dim.
# cat([past, new]) becomes set(new); in the three-way cat only the empty piece is dropped.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id1(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[2, 0, 8], contiguity=[True, True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1 = fd.define_tensor(shape=[2, 4, 8], contiguity=[True, True, True], dtype=DataType.BFloat16, is_cpu=False)
    T2 = fd.define_tensor(shape=[2, 3, 8], contiguity=[True, True, True], dtype=DataType.BFloat16, is_cpu=False)
    T3 = fd.ops.cat([T0, T1], dim=1, manual_padding=0)
    T4 = fd.ops.cast(T3, dtype=DataType.Float)
    T5 = fd.ops.cat([T1, T0, T2], dim=-2, manual_padding=0)
    fd.add_output(T4)
    fd.add_output(T5)

with FusionDefinition() as fd:
    nvfuser_fusion_id1(fd)

inputs = [
    torch.testing.make_tensor((2, 0, 8), dtype=torch.bfloat16, device='cuda:0'),
    torch.testing.make_tensor((2, 4, 8), dtype=torch.bfloat16, device='cuda:0'),
    torch.testing.make_tensor((2, 3, 8), dtype=torch.bfloat16, device='cuda:0'),
]
fd.execute(inputs)
