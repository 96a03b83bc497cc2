# [3, 4, b1] x [b1]: case 1 (matrix times vector). B gets a broadcast M (and one for A's batch
# dim), the product [3, 4, b1] squeezes K to [3, 4]. Half stays half, so no cast is needed.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[3, 4, 1], contiguity=[True, True, None], dtype=DataType.Half, is_cpu=False)
    T1 = fd.define_tensor(shape=[1], contiguity=[None], dtype=DataType.Half, is_cpu=False)
    T2 = fd.ops.matmul(T0, T1)
    fd.add_output(T2)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((3, 4, 1,), dtype=torch.float16, device='cuda:0'),
    torch.testing.make_tensor((1,), dtype=torch.float16, device='cuda:0'),
]
fd.execute(inputs)
