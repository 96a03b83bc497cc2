# CUDA devices:
#  0: NVIDIA A100-SXM4-40GB
# torch version: 2.4.0a0+gitf9f4a0a
# cuda version: 12.4
# nvfuser version: 0.2.8+git2f9a1c6
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id14(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1, -1], contiguity=[True, True, True], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T1 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    S2 = fd.define_scalar(None, dtype=DataType.Int)
    S3 = fd.define_scalar(None, dtype=DataType.Int)
    S4 = fd.ops.size(T0, dim=0)
    S5 = fd.ops.size(T0, dim=1)
    S6 = fd.ops.size(T0, dim=2)
    T7 = fd.ops.broadcast_in_dim(T1, shape=[S4, S5, S6], broadcast_dims=[2])
    T8 = fd.ops.add(T0, T7)
    T9 = fd.ops.reshape(T8, new_shape=[S4, S5, S2, S3])
    T10 = fd.ops.permute(T9, dims=[0, 2, 1, 3])
    S11 = fd.define_scalar(0.125000, dtype=DataType.Double)
    T12 = fd.ops.mul(T10, S11)
    T13 = fd.ops.sum(T12, dims=[3], keepdim=False, dtype=DataType.Null)
    fd.add_output(T12)
    fd.add_output(T13)

with FusionDefinition() as fd:
    nvfuser_fusion_id14(fd)

inputs = [
    torch.randn((2097152,), dtype=torch.float32, device='cuda:0').as_strided((4, 512, 1024), (524288, 1024, 1)),
    torch.randn((1024,), dtype=torch.float32, device='cuda:0').as_strided((1024,), (1,)),
    16,
    64,
]
fd.execute(inputs)
