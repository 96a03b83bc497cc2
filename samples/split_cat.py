# CUDA devices:
#  0: NVIDIA H100 80GB HBM3
# torch version: 2.6.0+cu126
# cuda version: 12.6
# nvfuser version: 0.2.27+git4e1c2a9
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id9(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[512, 768], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[768], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[0])
    T8 = fd.ops.slice(T0, start_indices=[0, 0], end_indices=[512, 256], strides=[1, 1], manual_normalization=0)
    T15 = fd.ops.slice(T0, start_indices=[0, 256], end_indices=[512, 512], strides=[1, 1], manual_normalization=0)
    T22 = fd.ops.slice(T0, start_indices=[0, 512], end_indices=[512, 768], strides=[1, 1], manual_normalization=0)
    T23 = fd.ops.cast(T8, dtype=DataType.Float)
    T24 = fd.ops.tanh(T23)
    T25 = fd.ops.cast(T24, dtype=DataType.BFloat16)
    T26 = fd.ops.cast(T15, dtype=DataType.Float)
    T27 = fd.ops.tanh(T26)
    T28 = fd.ops.cast(T27, dtype=DataType.BFloat16)
    T29 = fd.ops.cast(T22, dtype=DataType.Float)
    T30 = fd.ops.tanh(T29)
    T31 = fd.ops.cast(T30, dtype=DataType.BFloat16)
    T32 = fd.ops.cat([T25, T28, T31], dim=-1, manual_padding=0)
    T36 = fd.ops.broadcast_in_dim(T1, shape=[512, 768], broadcast_dims=[1])
    T37 = fd.ops.cast(T32, dtype=DataType.Float)
    T38 = fd.ops.cast(T36, dtype=DataType.Float)
    T39 = fd.ops.mul(T37, T38)
    T40 = fd.ops.cast(T39, dtype=DataType.BFloat16)
    fd.add_output(T40)

with FusionDefinition() as fd:
    nvfuser_fusion_id9(fd)

inputs = [
    torch.testing.make_tensor((512, 768), dtype=torch.bfloat16, device='cuda:0'),
    torch.testing.make_tensor((768,), dtype=torch.bfloat16, device='cuda:0'),
]
fd.execute(inputs)
