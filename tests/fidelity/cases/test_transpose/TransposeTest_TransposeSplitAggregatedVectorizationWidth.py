# nvFuser tests/cpp/test_transpose.cpp:1289 TransposeTest.TransposeSplitAggregatedVectorizationWidth — 3D transpose(0, 2) → one transpose kernel
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1, -1], contiguity=[True, True, True], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T1 = fd.ops.permute(T0, dims=[2, 1, 0])
    fd.add_output(T1)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((7, 102400, 9), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
