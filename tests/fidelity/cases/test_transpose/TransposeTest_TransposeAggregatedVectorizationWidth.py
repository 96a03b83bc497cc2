# nvFuser tests/cpp/test_transpose.cpp:1064 TransposeTest.TransposeAggregatedVectorizationWidth — two transposes of a 5D tensor → one transpose kernel
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1, -1, -1, -1], contiguity=[True, True, True, True, True], dtype=DataType.Float, is_cpu=False, stride_order=[4, 3, 2, 1, 0])
    T1 = fd.ops.permute(T0, dims=[4, 1, 2, 3, 0])
    T2 = fd.ops.permute(T1, dims=[0, 3, 2, 1, 4])
    fd.add_output(T2)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((2, 7, 102400, 4, 9), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
