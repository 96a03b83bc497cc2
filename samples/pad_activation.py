# CUDA devices:
#  0: NVIDIA H100 80GB HBM3
# torch version: 2.6.0+cu126
# cuda version: 12.6
# nvfuser version: 0.2.27+git4e1c2a9
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id6(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[250, 1000], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    T1 = fd.ops.cast(T0, dtype=DataType.Float)
    T2 = fd.ops.silu(T1)
    S3 = fd.define_scalar(0.00000, dtype=DataType.Double)
    T4 = fd.ops.pad(T2, [0, 24], S3)
    T5 = fd.ops.pad(T4, [0, 0, 0, 6], S3)
    T6 = fd.ops.cast(T5, dtype=DataType.BFloat16)
    fd.add_output(T6)

with FusionDefinition() as fd:
    nvfuser_fusion_id6(fd)

inputs = [
    torch.testing.make_tensor((250, 1000), dtype=torch.bfloat16, device='cuda:0'),
]
fd.execute(inputs)
