# CUDA devices:
#  0: NVIDIA H100 80GB HBM3
# torch version: 2.6.0+cu126
# cuda version: 12.6
# nvfuser version: 0.2.27+git4e1c2a9
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id10(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[8192, 512], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[512], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    T2 = fd.define_tensor(shape=[512], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    S3 = fd.define_scalar(None, dtype=DataType.Double)
    T4, T5 = fd.ops.var_mean(T0, dims=[0], correction=0, keepdim=False)
    S6 = fd.define_scalar(1.00000, dtype=DataType.Double)
    S7 = fd.ops.sub(S6, S3)
    T8 = fd.ops.mul(T1, S7)
    T9 = fd.ops.mul(T5, S3)
    T10 = fd.ops.add(T8, T9)
    S11 = fd.define_scalar(1.00012, dtype=DataType.Double)
    T12 = fd.ops.mul(T4, S11)
    T13 = fd.ops.mul(T2, S7)
    T14 = fd.ops.mul(T12, S3)
    T15 = fd.ops.add(T13, T14)
    S16 = fd.define_scalar(1.00000e-05, dtype=DataType.Double)
    T17 = fd.ops.add(T4, S16)
    T18 = fd.ops.rsqrt(T17)
    T22 = fd.ops.broadcast_in_dim(T5, shape=[8192, 512], broadcast_dims=[1])
    T23 = fd.ops.sub(T0, T22)
    T27 = fd.ops.broadcast_in_dim(T18, shape=[8192, 512], broadcast_dims=[1])
    T28 = fd.ops.mul(T23, T27)
    fd.add_output(T28)
    fd.add_output(T5)
    fd.add_output(T18)
    fd.add_output(T10, T1)
    fd.add_output(T15, T2)

with FusionDefinition() as fd:
    nvfuser_fusion_id10(fd)

inputs = [
    torch.testing.make_tensor((8192, 512), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((512,), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((512,), dtype=torch.float32, device='cuda:0'),
    0.1,
]
fd.execute(inputs)
