# A plain outer (column) reduction at DRAM scale (half [32768, 2048], 128 MB): the reduction
# family's column row in the GPU window (issue 44).
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Half, is_cpu=False, stride_order=[1, 0])
    T1 = fd.ops.cast(T0, dtype=DataType.Float)
    T2 = fd.ops.sum(T1, dims=[0], keepdim=False, dtype=DataType.Null)
    T3 = fd.ops.cast(T2, dtype=DataType.Half)
    fd.add_output(T3)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((32768, 2048), dtype=torch.float16, device='cuda:0'),
]
fd.execute(inputs)
