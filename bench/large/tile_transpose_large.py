# A transpose whose innermost dim changes (bf16 [8192, 8192] -> its transpose, scaled; 128 MB in,
# 128 MB out): the transpose family's tile case in the GPU window (issue 44). transpose_heavy
# keeps its innermost run and needs no tile.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    T1 = fd.ops.cast(T0, dtype=DataType.Float)
    T2 = fd.ops.permute(T1, dims=[1, 0])
    S3 = fd.define_scalar(2.00000, dtype=DataType.Double)
    T4 = fd.ops.mul(T2, S3)
    T5 = fd.ops.cast(T4, dtype=DataType.BFloat16)
    fd.add_output(T5)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((8192, 8192), dtype=torch.bfloat16, device='cuda:0'),
]
fd.execute(inputs)
