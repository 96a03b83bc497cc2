# Fires through permute, cat and size: cat maps the non-cat dim of T0 with dim 1 of the
# permuted T1, so T1.size0 := T0.size1; the cat dim (a fresh extent) joins nothing from
# the operands; S4 = size(T3, 0) is T3's extent, so the reshape's dim S4 becomes T3.size0.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T2 = fd.ops.permute(T1, dims=[1, 0])
    T3 = fd.ops.cat([T0, T2], dim=0, manual_padding=0)
    S4 = fd.ops.size(T3, dim=0)
    T5 = fd.ops.reshape(T3, new_shape=[S4, -1])
    T6 = fd.ops.exp(T5)
    fd.add_output(T6)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((3, 8), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((8, 5), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
