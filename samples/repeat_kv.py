# CUDA devices:
#  0: NVIDIA H100 80GB HBM3
# torch version: 2.6.0+cu126
# cuda version: 12.6
# nvfuser version: 0.2.27+git4e1c2a9
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id7(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[2, 8, 256, 64], contiguity=[True, True, True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[3, 2, 1, 0])
    T1 = fd.define_tensor(shape=[2, 2, 256, 64], contiguity=[True, True, True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[3, 2, 1, 0])
    T2 = fd.define_tensor(shape=[2, 2, 256, 64], contiguity=[True, True, True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[3, 2, 1, 0])
    T3 = fd.ops.cast(T0, dtype=DataType.Float)
    S4 = fd.define_scalar(0.125000, dtype=DataType.Double)
    T5 = fd.ops.mul(T3, S4)
    T6 = fd.ops.cast(T5, dtype=DataType.BFloat16)
    T7 = fd.ops.cat([T1, T1, T1, T1], dim=1, manual_padding=0)
    T8 = fd.ops.cat([T2, T2, T2, T2], dim=1, manual_padding=0)
    fd.add_output(T6)
    fd.add_output(T7)
    fd.add_output(T8)

with FusionDefinition() as fd:
    nvfuser_fusion_id7(fd)

inputs = [
    torch.testing.make_tensor((2, 8, 256, 64), dtype=torch.bfloat16, device='cuda:0'),
    torch.testing.make_tensor((2, 2, 256, 64), dtype=torch.bfloat16, device='cuda:0'),
    torch.testing.make_tensor((2, 2, 256, 64), dtype=torch.bfloat16, device='cuda:0'),
]
fd.execute(inputs)
