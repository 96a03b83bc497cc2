# [8, b1] x [b1, 16]: K is a broadcast, so the matmul is an outer product. Case 3 of the
# pass: A gets a broadcast N, B is transposed and gets a broadcast M, then mul + squeeze(K).
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[8, 1], contiguity=[True, None], dtype=DataType.Float, is_cpu=False)
    T1 = fd.define_tensor(shape=[1, 16], contiguity=[None, True], dtype=DataType.Float, is_cpu=False)
    T2 = fd.ops.matmul(T0, T1)
    fd.add_output(T2)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((8, 1,), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((1, 16,), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
