# CUDA devices:
#  0: NVIDIA H100 80GB HBM3
# torch version: 2.7.1+cu128
# cuda version: 12.8
# nvfuser version: 0.2.29+git8f0d1b3
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id21(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[2, 64, 128], contiguity=[True, True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[2, 1, 0])
    T1 = fd.define_tensor(shape=[2, 64, 128], contiguity=[True, True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[2, 1, 0])
    T2 = fd.ops.cast(T0, dtype=DataType.Float)
    T3 = fd.ops.cast(T1, dtype=DataType.Float)
    T4 = fd.ops.sigmoid(T3)
    T5 = fd.ops.mul(T2, T4)
    T6 = fd.ops.cast(T5, dtype=DataType.BFloat16)
    T11 = fd.ops.reshape(T6, new_shape=[2, 64, 4, 32])
    T12 = fd.ops.permute(T11, dims=[0, 2, 1, 3])
    fd.add_output(T12)

with FusionDefinition() as fd:
    nvfuser_fusion_id21(fd)

inputs = [
    torch.testing.make_tensor((2, 64, 128), dtype=torch.bfloat16, device='cuda:0'),
    torch.testing.make_tensor((2, 64, 128), dtype=torch.bfloat16, device='cuda:0'),
]
fd.execute(inputs)
