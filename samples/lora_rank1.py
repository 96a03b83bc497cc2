# CUDA devices:
#  0: NVIDIA H100 80GB HBM3
# torch version: 2.6.0+cu126
# cuda version: 12.6
# nvfuser version: 0.2.27+git4e1c2a9
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id3(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[512, 1024], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[1024, 1024], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    T2 = fd.define_tensor(shape=[1024, 1], contiguity=[True, None], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    T3 = fd.define_tensor(shape=[1, 1024], contiguity=[None, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    T4 = fd.ops.linear(T0, T1)
    T5 = fd.ops.matmul(T0, T2)
    T6 = fd.ops.matmul(T5, T3)
    T7 = fd.ops.cast(T4, dtype=DataType.Float)
    T8 = fd.ops.cast(T6, dtype=DataType.Float)
    S9 = fd.define_scalar(2.00000, dtype=DataType.Double)
    T10 = fd.ops.mul(T8, S9)
    T11 = fd.ops.add(T7, T10)
    T12 = fd.ops.cast(T11, dtype=DataType.BFloat16)
    fd.add_output(T12)

with FusionDefinition() as fd:
    nvfuser_fusion_id3(fd)

inputs = [
    torch.testing.make_tensor((512, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.testing.make_tensor((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.testing.make_tensor((1024, 1), dtype=torch.bfloat16, device='cuda:0'),
    torch.testing.make_tensor((1, 1024), dtype=torch.bfloat16, device='cuda:0'),
]
fd.execute(inputs)
