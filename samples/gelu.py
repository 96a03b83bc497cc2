import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id3(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4096, 1024], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[1024], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[0])
    T5 = fd.ops.broadcast_in_dim(T1, shape=[4096, 1024], broadcast_dims=[1])
    T6 = fd.ops.cast(T0, dtype=DataType.Float)
    T7 = fd.ops.cast(T5, dtype=DataType.Float)
    T8 = fd.ops.add(T6, T7)
    S9 = fd.define_scalar(0.500000, dtype=DataType.Double)
    T10 = fd.ops.mul(S9, T8)
    S11 = fd.define_scalar(3.00000, dtype=DataType.Double)
    T12 = fd.ops.pow(T8, S11)
    S13 = fd.define_scalar(0.0447150, dtype=DataType.Double)
    T14 = fd.ops.mul(S13, T12)
    T15 = fd.ops.add(T8, T14)
    S16 = fd.define_scalar(0.797885, dtype=DataType.Double)
    T17 = fd.ops.mul(S16, T15)
    T18 = fd.ops.tanh(T17)
    S19 = fd.define_scalar(1.00000, dtype=DataType.Double)
    T20 = fd.ops.add(S19, T18)
    T21 = fd.ops.mul(T10, T20)
    T22 = fd.ops.cast(T21, dtype=DataType.BFloat16)
    fd.add_output(T22)

with FusionDefinition() as fd:
    nvfuser_fusion_id3(fd)

inputs = [
    torch.testing.make_tensor((4096, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.testing.make_tensor((1024,), dtype=torch.bfloat16, device='cuda:0'),
]
fd.execute(inputs)
