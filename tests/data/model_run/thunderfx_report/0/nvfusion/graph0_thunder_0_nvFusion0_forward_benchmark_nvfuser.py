from thunder.dynamo.timer import WallTime
# CUDA devices:
#  0: NVIDIA H100 80GB HBM3
# torch version: 2.6.0a0+git
# cuda version: 12.6
# nvfuser version: 0.2.23+git
import torch
from nvfuser import FusionDefinition, DataType


def nvfuser_fusion_id0(fd: FusionDefinition) -> None:
    T0 = fd.define_tensor(shape=[16, 1024], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.ops.mul(T0, T0)
    T2 = fd.ops.mul(T1, T0)
    S3 = fd.define_scalar(0.0447150, dtype=DataType.Double)
    T4 = fd.ops.mul(S3, T2)
    T5 = fd.ops.add(T0, T4)
    S6 = fd.define_scalar(0.797885, dtype=DataType.Double)
    T7 = fd.ops.mul(S6, T5)
    T8 = fd.ops.tanh(T7)
    S9 = fd.define_scalar(1.00000, dtype=DataType.Double)
    T10 = fd.ops.add(S9, T8)
    S11 = fd.define_scalar(0.500000, dtype=DataType.Double)
    T12 = fd.ops.mul(S11, T0)
    T13 = fd.ops.mul(T12, T10)
    fd.add_output(T13)


with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((16, 1024), dtype=torch.float32, device="cuda:0"),
]
nvfuser_fn = fd.execute
measurement = WallTime.time("nvfuser_fn(inputs)", globals={"nvfuser_fn": nvfuser_fn, "inputs": inputs})
print(measurement)
"""
# Constructed by Unwrap the actual return value
def nvFusion0(l_x_):
  # l_x_: "cuda:0 f32[16, 1024]"
  return gelu
"""
