# CUDA devices:
#  0: NVIDIA H100 80GB HBM3
# torch version: 2.6.0+cu126
# cuda version: 12.6
# nvfuser version: 0.2.27+git4e1c2a9
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id6(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[32, 131072], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[131072], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[0])
    T2 = fd.ops.sum(T0, dims=[1], keepdim=False, dtype=DataType.Null)
    T6 = fd.ops.broadcast_in_dim(T2, shape=[32, 1], broadcast_dims=[0])
    S7 = fd.define_scalar(131072., dtype=DataType.Double)
    S8 = fd.ops.reciprocal(S7)
    T9 = fd.ops.mul(T6, S8)
    T13 = fd.ops.broadcast_in_dim(T9, shape=[32, 131072], broadcast_dims=[0, 1])
    T14 = fd.ops.sub(T0, T13)
    T15 = fd.ops.relu(T14)
    T19 = fd.ops.broadcast_in_dim(T1, shape=[32, 131072], broadcast_dims=[1])
    T20 = fd.ops.cast(T19, dtype=DataType.Float)
    T21 = fd.ops.mul(T15, T20)
    T22 = fd.ops.tanh(T21)
    T23 = fd.ops.cast(T22, dtype=DataType.BFloat16)
    fd.add_output(T2)
    fd.add_output(T23)

with FusionDefinition() as fd:
    nvfuser_fusion_id6(fd)

inputs = [
    torch.testing.make_tensor((32, 131072), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((131072,), dtype=torch.bfloat16, device='cuda:0'),
]
out = fd.execute(inputs)

import time
for _ in range(3):
    fd.execute(inputs)
torch.cuda.synchronize()
start = time.perf_counter()
for _ in range(100):
    out = fd.execute(inputs)
torch.cuda.synchronize()
print(f"{(time.perf_counter() - start) * 1e4:.1f} us per iteration")
