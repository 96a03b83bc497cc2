# [4, b1] x [2, b1, 5]: case 3 with A lacking B's batch dim, which it gets as a leading
# broadcast (as torch.matmul aligns batch dims) before the M/N broadcasts.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 1], contiguity=[True, None], dtype=DataType.Float, is_cpu=False)
    T1 = fd.define_tensor(shape=[2, 1, 5], contiguity=[True, None, True], dtype=DataType.Float, is_cpu=False)
    T2 = fd.ops.matmul(T0, T1)
    fd.add_output(T2)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((4, 1,), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((2, 1, 5,), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
