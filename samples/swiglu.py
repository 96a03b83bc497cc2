# CUDA devices:
#  0: NVIDIA H100 80GB HBM3
# torch version: 2.6.0+cu126
# cuda version: 12.6
# nvfuser version: 0.2.27+git4e1c2a9
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id5(fd: FusionDefinition) -> None:
    T0 = fd.define_tensor(shape=[2048, 2048], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    T10 = fd.ops.slice(T0, start_indices=[0, 0], end_indices=[2048, 1024], strides=[1, 1], manual_normalization=0)
    T20 = fd.ops.slice(T0, start_indices=[0, 1024], end_indices=[2048, 2048], strides=[1, 1], manual_normalization=0)
    T21 = fd.ops.cast(T10, dtype=DataType.Float)
    T22 = fd.ops.silu(T21)
    T23 = fd.ops.cast(T20, dtype=DataType.Float)
    T24 = fd.ops.mul(T22, T23)
    T25 = fd.ops.cast(T24, dtype=DataType.BFloat16)
    fd.add_output(T25)

with FusionDefinition() as fd:
    nvfuser_fusion_id5(fd)

inputs = [
    torch.testing.make_tensor((2048, 2048), dtype=torch.bfloat16, device='cuda:0'),
]
fd.execute(inputs)
