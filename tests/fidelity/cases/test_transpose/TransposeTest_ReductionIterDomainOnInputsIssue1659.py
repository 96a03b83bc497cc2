# nvFuser tests/cpp/test_transpose.cpp:1327 TransposeTest.ReductionIterDomainOnInputsIssue1659 — sum over dim 1 plus squeeze of another input: segmented, reduction then pointwise
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1, 1], contiguity=[True, True, None], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T1 = fd.define_tensor(shape=[-1, 1, -1], contiguity=[True, None, True], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T2 = fd.ops.sum(T0, dims=[1], keepdim=False, dtype=DataType.Null)
    T3 = fd.ops.squeeze(T1, dims=[1])
    T4 = fd.ops.add(T2, T3)
    fd.add_output(T4)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((1024, 512, 1), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((1024, 1, 512), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
