# segscope-codegen: output_allocation_order=1
# An output written in its allocation order (CodegenOptions::outputAllocationOrder): the
# transpose of a bfloat16 [256, 96] input whose output keeps the input's memory order
# (stride_order=[0, 1], as nvFuser's allocation order inference gives it). The loop walks that
# order: the input is read and the output written along the same run, 16-byte vectors, no tiles.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    T1 = fd.ops.cast(T0, dtype=DataType.Float)
    T2 = fd.ops.permute(T1, dims=[1, 0])
    S3 = fd.define_scalar(2.00000, dtype=DataType.Double)
    T4 = fd.ops.mul(T2, S3)
    T5 = fd.ops.cast(T4, dtype=DataType.BFloat16)
    fd.add_output(T5, stride_order=[0, 1])

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((256, 96), dtype=torch.bfloat16, device='cuda:0'),
]
fd.execute(inputs)
