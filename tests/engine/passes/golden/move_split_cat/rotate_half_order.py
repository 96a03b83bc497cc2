# Near miss: RoPE's rotate-half cats the two halves in swapped order (and negates only
# one), so the cat does not rebuild T0 and nothing changes.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id2(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 8], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.ops.slice(T0, start_indices=[0, 0], end_indices=[4, 4], strides=[1, 1], manual_normalization=0)
    T2 = fd.ops.slice(T0, start_indices=[0, 4], end_indices=[4, 8], strides=[1, 1], manual_normalization=0)
    T3 = fd.ops.cat([T2, T1], dim=1, manual_padding=0)
    T4 = fd.ops.neg(T2)
    T5 = fd.ops.cat([T4, T1], dim=1, manual_padding=0)
    fd.add_output(T3)
    fd.add_output(T5)

with FusionDefinition() as fd:
    nvfuser_fusion_id2(fd)

inputs = [
    torch.testing.make_tensor((4, 8), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
