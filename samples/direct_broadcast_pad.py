# CUDA devices:
#  0: NVIDIA H100 80GB HBM3
# torch version: 2.8.0+cu128
# cuda version: 12.8
import torch
from nvfuser_direct import FusionDefinition, DataType

def nvfuser_fusion(fd : FusionDefinition) -> None :
    tv0 = fd.define_tensor(shape=[512, 1000], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    tv1 = fd.define_tensor(shape=[1000], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[0])
    tv2 = fd.ops.cast(tv0, dtype=DataType.Float)
    tv3 = fd.ops.cast(tv1, dtype=DataType.Float)
    tv4 = fd.ops.broadcast(tv3, is_broadcast_dim=[True, False])
    tv5 = fd.ops.expand(tv4, shape=[512, 1000])
    tv6 = fd.ops.add(tv2, tv5)
    c12 = fd.define_scalar(0.00000, dtype=DataType.Double)
    tv7 = fd.ops.pad(tv6, pad_widths=[0, 24, 0, 0], value=c12)
    tv8 = fd.ops.cast(tv7, dtype=DataType.BFloat16)
    fd.add_output(tv8)

with FusionDefinition() as fd:
    nvfuser_fusion(fd)

inputs = [
    torch.testing.make_tensor((512, 1000), dtype=torch.bfloat16, device='cuda:0'),
    torch.testing.make_tensor((1000,), dtype=torch.bfloat16, device='cuda:0'),
]
fd.execute(inputs)
