# CUDA devices:
#  0: NVIDIA H100 80GB HBM3
# torch version: 2.6.0+cu126
# cuda version: 12.6
# nvfuser version: 0.2.27+git4e1c2a9
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id8(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[512, 1024], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[1024, 1024], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    T2 = fd.define_tensor(shape=[1024], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[0])
    T3 = fd.ops.linear(T0, T1, T2)
    T4 = fd.ops.cast(T3, dtype=DataType.Float)
    S5 = fd.define_scalar(0.707107, dtype=DataType.Double)
    T6 = fd.ops.mul(T4, S5)
    T7 = fd.ops.erf(T6)
    S8 = fd.define_scalar(1.00000, dtype=DataType.Double)
    T9 = fd.ops.add(T7, S8)
    S10 = fd.define_scalar(0.500000, dtype=DataType.Double)
    T11 = fd.ops.mul(T4, S10)
    T12 = fd.ops.mul(T11, T9)
    T13 = fd.ops.cast(T12, dtype=DataType.BFloat16)
    fd.add_output(T3)
    fd.add_output(T13)

with FusionDefinition() as fd:
    nvfuser_fusion_id8(fd)

inputs = [
    torch.testing.make_tensor((512, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.testing.make_tensor((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.testing.make_tensor((1024,), dtype=torch.bfloat16, device='cuda:0'),
]
fd.execute(inputs, _enable_options=["fuse_matmul"])
