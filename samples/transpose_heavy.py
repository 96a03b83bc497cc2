# CUDA devices:
#  0: NVIDIA H100 80GB HBM3
# torch version: 2.7.1+cu128
# cuda version: 12.8
# nvfuser version: 0.2.29+git8f0d1b3
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id13(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[8, 512, 16, 64], contiguity=[True, True, True, True], dtype=DataType.Float, is_cpu=False, stride_order=[3, 1, 2, 0])
    T1 = fd.define_tensor(shape=[8, 512, 16, 64], contiguity=[True, True, True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[3, 2, 1, 0])
    T2 = fd.ops.permute(T0, dims=[0, 2, 1, 3])
    T3 = fd.ops.permute(T1, dims=[0, 2, 1, 3])
    T4 = fd.ops.cast(T3, dtype=DataType.Float)
    T5 = fd.ops.add(T2, T4)
    S6 = fd.define_scalar(0.125000, dtype=DataType.Double)
    T7 = fd.ops.mul(T5, S6)
    T8 = fd.ops.permute(T7, dims=[0, 2, 1, 3])
    T14 = fd.ops.reshape(T8, new_shape=[8, 512, 1024])
    T15 = fd.ops.cast(T14, dtype=DataType.BFloat16)
    fd.add_output(T15)
    fd.add_output(T7)

with FusionDefinition() as fd:
    nvfuser_fusion_id13(fd)

inputs = [
    torch.randn(4194304, dtype=torch.float32, device='cuda:0').as_strided((8, 512, 16, 64), (524288, 64, 32768, 1)),
    torch.testing.make_tensor((8, 512, 16, 64), dtype=torch.bfloat16, device='cuda:0'),
]
fd.execute(inputs)

# profile ten steady-state launches under nsys
for _ in range(3):
    fd.execute(inputs)
torch.cuda.synchronize()
torch.cuda.cudart().cudaProfilerStart()
for _ in range(10):
    outputs = fd.execute(inputs)
torch.cuda.synchronize()
torch.cuda.cudart().cudaProfilerStop()
