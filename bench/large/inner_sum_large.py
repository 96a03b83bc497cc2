# A plain inner reduction at DRAM scale (bf16 [65536, 1024], 128 MB): the reduction family's
# bandwidth row in the GPU window (issue 44), beside reduction_epilogue's long rows.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    T1 = fd.ops.cast(T0, dtype=DataType.Float)
    T2 = fd.ops.mul(T1, T1)
    T3 = fd.ops.sum(T2, dims=[1], keepdim=False, dtype=DataType.Null)
    T4 = fd.ops.sqrt(T3)
    T5 = fd.ops.cast(T4, dtype=DataType.BFloat16)
    fd.add_output(T5)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((65536, 1024), dtype=torch.bfloat16, device='cuda:0'),
]
fd.execute(inputs)
