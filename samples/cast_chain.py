# CUDA devices:
#  0: NVIDIA H100 80GB HBM3
# torch version: 2.6.0+cu126
# cuda version: 12.6
# nvfuser version: 0.2.27+git4e1c2a9
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id4(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[1024, 1024], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[1024, 1024], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    T2 = fd.ops.cast(T0, dtype=DataType.Float)
    T3 = fd.ops.cast(T1, dtype=DataType.Float)
    T4 = fd.ops.add(T2, T3)
    T5 = fd.ops.cast(T4, dtype=DataType.BFloat16)
    T6 = fd.ops.cast(T5, dtype=DataType.Float)
    T7 = fd.ops.cast(T6, dtype=DataType.Double)
    T8 = fd.ops.cast(T7, dtype=DataType.Float)
    S9 = fd.define_scalar(0.125000, dtype=DataType.Double)
    T10 = fd.ops.mul(T8, S9)
    T14 = fd.ops.reshape(T10, new_shape=[8, 128, 1024])
    T15 = fd.ops.cast(T14, dtype=DataType.BFloat16)
    fd.add_output(T5)
    fd.add_output(T15)

with FusionDefinition() as fd:
    nvfuser_fusion_id4(fd)

inputs = [
    torch.testing.make_tensor((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.testing.make_tensor((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
]
fd.execute(inputs)
