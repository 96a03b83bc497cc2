# [8, b1] expanded to [8, xb4] x [4, 16]: K is a broadcast with an expanded extent, so the
# matmul still sums 4 products; nvFuser skips it (hasExpandedExtent) and so does this pass.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[8, 1], contiguity=[True, None], dtype=DataType.Float, is_cpu=False)
    T1 = fd.define_tensor(shape=[4, 16], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T2 = fd.ops.expand(T0, shape=[8, 4])
    T3 = fd.ops.matmul(T2, T1)
    fd.add_output(T3)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((8, 1), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((4, 16), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
