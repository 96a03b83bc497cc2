# CUDA devices:
#  0: NVIDIA H100 80GB HBM3
# torch version: 2.6.0+cu126
# cuda version: 12.6
# nvfuser version: 0.2.27+git4e1c2a9
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id12(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4096, 1024], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[4096, 1024], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T2 = fd.define_tensor(shape=[4096, 1024], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T3 = fd.define_tensor(shape=[4096, 1024], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    S4 = fd.define_scalar(None, dtype=DataType.Double)
    S5 = fd.define_scalar(None, dtype=DataType.Double)
    S6 = fd.define_scalar(None, dtype=DataType.Double)
    S7 = fd.define_scalar(None, dtype=DataType.Double)
    S8 = fd.define_scalar(None, dtype=DataType.Double)
    S9 = fd.define_scalar(1.00000, dtype=DataType.Double)
    S10 = fd.ops.sub(S9, S5)
    S11 = fd.define_scalar(1.00000, dtype=DataType.Double)
    S12 = fd.ops.sub(S11, S6)
    S13 = fd.ops.pow(S5, S8)
    S14 = fd.define_scalar(1.00000, dtype=DataType.Double)
    S15 = fd.ops.sub(S14, S13)
    S16 = fd.ops.pow(S6, S8)
    S17 = fd.define_scalar(1.00000, dtype=DataType.Double)
    S18 = fd.ops.sub(S17, S16)
    S19 = fd.ops.reciprocal(S15)
    S20 = fd.ops.mul(S4, S19)
    S21 = fd.ops.sqrt(S18)
    S22 = fd.ops.reciprocal(S21)
    T23 = fd.ops.mul(T2, S5)
    T24 = fd.ops.mul(T1, S10)
    T25 = fd.ops.add(T23, T24)
    T26 = fd.ops.mul(T3, S6)
    T27 = fd.ops.mul(T1, T1)
    T28 = fd.ops.mul(T27, S12)
    T29 = fd.ops.add(T26, T28)
    T30 = fd.ops.sqrt(T29)
    T31 = fd.ops.mul(T30, S22)
    T32 = fd.ops.add(T31, S7)
    T33 = fd.ops.div(T25, T32)
    T34 = fd.ops.mul(T33, S20)
    T35 = fd.ops.sub(T0, T34)
    fd.add_output(T35, T0)
    fd.add_output(T25, T2)
    fd.add_output(T29, T3)

with FusionDefinition() as fd:
    nvfuser_fusion_id12(fd)

inputs = [
    torch.testing.make_tensor((4096, 1024), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((4096, 1024), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((4096, 1024), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((4096, 1024), dtype=torch.float32, device='cuda:0', low=0.0, high=1.0),
    0.001,
    0.9,
    0.999,
    1e-08,
    10.0,
]
fd.execute(inputs)
