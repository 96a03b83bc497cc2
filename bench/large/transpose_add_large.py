# A transpose both sides must do (bf16 [8192, 8192] + the transpose of another [8192, 8192]):
# the output can follow only one input's memory order, so the other is read across its
# innermost dim. The transpose family's row in the GPU window (issue 44); tile_transpose's
# output instead keeps its input's order (nvFuser's allocation order inference, and eager
# PyTorch's strides), so no side transposes there.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    T2 = fd.ops.cast(T0, dtype=DataType.Float)
    T3 = fd.ops.cast(T1, dtype=DataType.Float)
    T4 = fd.ops.permute(T3, dims=[1, 0])
    T5 = fd.ops.add(T2, T4)
    T6 = fd.ops.cast(T5, dtype=DataType.BFloat16)
    fd.add_output(T6)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((8192, 8192), dtype=torch.bfloat16, device='cuda:0'),
    torch.testing.make_tensor((8192, 8192), dtype=torch.bfloat16, device='cuda:0'),
]
fd.execute(inputs)
