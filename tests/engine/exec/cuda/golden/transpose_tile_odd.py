# segscope-codegen: transpose_tile=32
# transpose_tile.py with odd extents: no vector tile (the extents are not multiples of any width),
# T0 is read across the output's innermost dim and is staged in shared memory; T1 is read along it
# and is not; T2 is broadcast along the innermost dim and read per row.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1, -1], contiguity=[True, True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[2, 1, 0])
    T1 = fd.define_tensor(shape=[-1, -1, -1], contiguity=[True, True, True], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T2 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    T3 = fd.ops.cast(T0, dtype=DataType.Float)
    T4 = fd.ops.permute(T3, dims=[0, 2, 1])
    T5 = fd.ops.add(T4, T1)
    T6 = fd.ops.broadcast_in_dim(T2, shape=[3, 37, 45], broadcast_dims=[1])
    T7 = fd.ops.mul(T5, T6)
    T8 = fd.ops.cast(T7, dtype=DataType.BFloat16)
    fd.add_output(T8)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((3, 45, 37), dtype=torch.bfloat16, device='cuda:0'),
    torch.testing.make_tensor((3, 37, 45), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((37,), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
