# [b1] x [2, 3, b1, 5]: case 2 (vector times batched matrix). A gets broadcast batch dims and a
# broadcast N; the product [2, 3, b1, 5] squeezes K (second from last) to [2, 3, 5].
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[1], contiguity=[None], dtype=DataType.Float, is_cpu=False)
    T1 = fd.define_tensor(shape=[2, 3, 1, 5], contiguity=[True, True, None, True], dtype=DataType.Float, is_cpu=False)
    T2 = fd.ops.matmul(T0, T1)
    fd.add_output(T2)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((1,), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((2, 3, 1, 5,), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
