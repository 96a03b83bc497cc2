"""
# Constructed by Unwrap the actual return value
@torch.no_grad()
@no_autocast
def nvFusion1(linear):
  # linear: "cuda:0 f32[16, 4096]"
  # t12 = prims.sum(linear, (1,))  # t12: "cuda:0 f32[16]"
  return t12
"""
# CUDA devices:
#  0: NVIDIA H100 80GB HBM3
# torch version: 2.5.1
# nvfuser version: 0.2.13
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id1(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.ops.sum(T0, dims=[1], keepdim=False, dtype=DataType.Null)
    fd.add_output(T1)

with FusionDefinition() as fd:
    nvfuser_fusion_id1(fd)

inputs = [
    torch.randn(65536, dtype=torch.float32, device='cuda:0').as_strided((16, 4096), (4096, 1)),
]
fd.execute(inputs)
