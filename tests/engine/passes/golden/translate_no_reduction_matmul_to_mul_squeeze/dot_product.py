# [b1] x [b1]: a dot product; nvFuser leaves 1-D x 1-D alone even with K = 1.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[1], contiguity=[None], dtype=DataType.Float, is_cpu=False)
    T1 = fd.define_tensor(shape=[1], contiguity=[None], dtype=DataType.Float, is_cpu=False)
    T2 = fd.ops.matmul(T0, T1)
    fd.add_output(T2)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((1,), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((1,), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
