# nvFuser tests/cpp/test_gpu3.cpp:7249 Gpu3Test.VectorizeBackToBackReductions — two back-to-back inner reductions: exactly 2 groups
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[128, 256, 256], contiguity=[True, True, True], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    S1 = fd.define_scalar(1.00000, dtype=DataType.Double)
    T2 = fd.ops.add(T0, S1)
    T3 = fd.ops.sum(T2, dims=[2], keepdim=False, dtype=DataType.Null)
    T4 = fd.ops.sum(T3, dims=[1], keepdim=False, dtype=DataType.Null)
    fd.add_output(T4)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((128, 256, 256), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
