# [8, 4] x [4, 16]: K = 4 is a real reduction; the matmul stays.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[8, 4], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.define_tensor(shape=[4, 16], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T2 = fd.ops.matmul(T0, T1)
    fd.add_output(T2)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((8, 4,), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((4, 16,), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
