# CUDA devices:
#  0: NVIDIA A100-SXM4-80GB
# torch version: 2.5.1+cu124
# cuda version: 12.4
# nvfuser version: 0.2.23+gitbb05859
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id2(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[0])
    T2 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    T3 = fd.ops.cast(T0, dtype=DataType.Float)
    T4 = fd.ops.cast(T1, dtype=DataType.Float)
    T5 = fd.ops.broadcast(T4, is_broadcast_dim=[True, False])
    T6 = fd.ops.add(T3, T5)
    S7 = fd.define_scalar(0.500000, dtype=DataType.Double)
    T8 = fd.ops.mul(T6, S7)
    S9 = fd.define_scalar(0.707107, dtype=DataType.Double)
    T10 = fd.ops.mul(T6, S9)
    T11 = fd.ops.erf(T10)
    S12 = fd.define_scalar(1.00000, dtype=DataType.Double)
    T13 = fd.ops.add(T11, S12)
    T14 = fd.ops.mul(T8, T13)
    T15 = fd.ops.cast(T2, dtype=DataType.Float)
    T16 = fd.ops.add(T14, T15)
    T17 = fd.ops.cast(T16, dtype=DataType.BFloat16)
    fd.add_output(T17)

with FusionDefinition() as fd:
    nvfuser_fusion_id2(fd)

inputs = [
    torch.randn((16384,), dtype=torch.bfloat16, device='cuda:0').as_strided((64, 256), (256, 1)),
    torch.randn((256,), dtype=torch.bfloat16, device='cuda:0').as_strided((256,), (1,)),
    torch.randn((16384,), dtype=torch.bfloat16, device='cuda:0').as_strided((64, 256), (256, 1)),
]
fd.execute(inputs)
