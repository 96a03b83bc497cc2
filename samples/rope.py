# CUDA devices:
#  0: NVIDIA H100 80GB HBM3
#  1: NVIDIA H100 80GB HBM3
# torch version: 2.6.0+cu126
# cuda version: 12.6
# nvfuser version: 0.2.26+git0c8c9a2
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id11(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[2, 1024, 1024], contiguity=[True, True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[2, 1, 0])
    T1 = fd.define_tensor(shape=[1024, 128], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    T2 = fd.define_tensor(shape=[1024, 128], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    T8 = fd.ops.reshape(T0, new_shape=[2, 1024, 8, 128])
    T9 = fd.ops.permute(T8, dims=[0, 2, 1, 3])
    T25 = fd.ops.slice(T9, start_indices=[0, 0, 0, 0], end_indices=[2, 8, 1024, 64], strides=[1, 1, 1, 1], manual_normalization=0)
    T41 = fd.ops.slice(T9, start_indices=[0, 0, 0, 64], end_indices=[2, 8, 1024, 128], strides=[1, 1, 1, 1], manual_normalization=0)
    T42 = fd.ops.cast(T41, dtype=DataType.Float)
    T43 = fd.ops.neg(T42)
    T44 = fd.ops.cast(T43, dtype=DataType.BFloat16)
    T45 = fd.ops.cat([T44, T25], dim=-1, manual_padding=0)
    T51 = fd.ops.broadcast_in_dim(T1, shape=[2, 8, 1024, 128], broadcast_dims=[2, 3])
    T52 = fd.ops.cast(T9, dtype=DataType.Float)
    T53 = fd.ops.cast(T51, dtype=DataType.Float)
    T54 = fd.ops.mul(T52, T53)
    T60 = fd.ops.broadcast_in_dim(T2, shape=[2, 8, 1024, 128], broadcast_dims=[2, 3])
    T61 = fd.ops.cast(T45, dtype=DataType.Float)
    T62 = fd.ops.cast(T60, dtype=DataType.Float)
    T63 = fd.ops.mul(T61, T62)
    T64 = fd.ops.add(T54, T63)
    T65 = fd.ops.cast(T64, dtype=DataType.BFloat16)
    fd.add_output(T65)

with FusionDefinition() as fd:
    nvfuser_fusion_id11(fd)

inputs = [
    torch.testing.make_tensor((2, 1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.testing.make_tensor((1024, 128), dtype=torch.bfloat16, device='cuda:0'),
    torch.testing.make_tensor((1024, 128), dtype=torch.bfloat16, device='cuda:0'),
]
fd.execute(inputs)
