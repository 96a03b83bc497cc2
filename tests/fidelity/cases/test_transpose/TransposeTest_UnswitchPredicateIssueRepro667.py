# nvFuser tests/cpp/test_transpose.cpp:1035 TransposeTest.UnswitchPredicateIssueRepro667 — two transposes of a 5D tensor with small dims is not segmented
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1, -1, -1, -1], contiguity=[True, True, True, True, True], dtype=DataType.Float, is_cpu=False, stride_order=[4, 3, 2, 1, 0])
    T1 = fd.ops.permute(T0, dims=[0, 4, 2, 3, 1])
    T2 = fd.ops.permute(T1, dims=[3, 1, 2, 0, 4])
    fd.add_output(T2)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((2, 7, 102400, 4, 5), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
