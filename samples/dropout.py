# CUDA devices:
#  0: NVIDIA H100 80GB HBM3
# torch version: 2.6.0+cu126
# cuda version: 12.6
# nvfuser version: 0.2.27+git4e1c2a9
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id9(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4096, 1024], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    S1 = fd.define_scalar(None, dtype=DataType.Double)
    S2 = fd.define_scalar(0.00000, dtype=DataType.Double)
    S3 = fd.define_scalar(1.00000, dtype=DataType.Double)
    T7 = fd.ops.uniform(S2, S3, shape=[4096, 1024], dtype=DataType.Float)
    S8 = fd.define_scalar(1.00000, dtype=DataType.Double)
    S9 = fd.ops.sub(S8, S1)
    T10 = fd.ops.lt(T7, S9)
    S11 = fd.define_scalar(0.00000, dtype=DataType.Double)
    T12 = fd.ops.where(T10, T0, S11)
    S13 = fd.ops.reciprocal(S9)
    T14 = fd.ops.mul(T12, S13)
    fd.add_output(T14)
    fd.add_output(T10)

with FusionDefinition() as fd:
    nvfuser_fusion_id9(fd)

inputs = [
    torch.testing.make_tensor((4096, 1024), dtype=torch.float32, device='cuda:0'),
    0.1,
]
fd.execute(inputs)
