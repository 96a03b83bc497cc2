# CUDA devices:
#  0: NVIDIA H100 80GB HBM3
# torch version: 2.6.0+cu126
# cuda version: 12.6
# nvfuser version: 0.2.27+git4e1c2a9
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id3(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[1, 8, 0, 64], contiguity=[None, True, True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[3, 2, 1, 0])
    T1 = fd.define_tensor(shape=[1, 8, 32, 64], contiguity=[None, True, True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[3, 2, 1, 0])
    T2 = fd.ops.cat([T0, T1], dim=2, manual_padding=0)
    T3 = fd.ops.cast(T0, dtype=DataType.Float)
    T4 = fd.ops.sum(T3, dims=[2], keepdim=False, dtype=DataType.Null)
    T5 = fd.ops.cast(T1, dtype=DataType.Float)
    T6 = fd.ops.sum(T5, dims=[2], keepdim=False, dtype=DataType.Null)
    T7 = fd.ops.add(T4, T6)
    S8 = fd.define_scalar(32.0000, dtype=DataType.Double)
    T9 = fd.ops.div(T7, S8)
    S10 = fd.define_scalar(0.00000, dtype=DataType.Double)
    T11 = fd.ops.mul(T3, S10)
    fd.add_output(T2)
    fd.add_output(T9)
    fd.add_output(T11)

with FusionDefinition() as fd:
    nvfuser_fusion_id3(fd)

inputs = [
    torch.testing.make_tensor((1, 8, 0, 64), dtype=torch.bfloat16, device='cuda:0'),
    torch.testing.make_tensor((1, 8, 32, 64), dtype=torch.bfloat16, device='cuda:0'),
]
fd.execute(inputs)
