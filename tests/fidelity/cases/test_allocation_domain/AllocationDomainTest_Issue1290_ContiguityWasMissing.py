# nvFuser tests/cpp/test_allocation_domain.cpp:1231 AllocationDomainTest.Issue1290_ContiguityWasMissing — permute of a [False, True]-contiguous input, plus add → one pointwise group
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[False, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.ops.permute(T0, dims=[1, 0])
    S2 = fd.define_scalar(1.00000, dtype=DataType.Double)
    T3 = fd.ops.add(T1, S2)
    fd.add_output(T1)
    fd.add_output(T3)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.randn(7, dtype=torch.float32, device='cuda:0').as_strided((2, 3), (4, 1)),
]
fd.execute(inputs)
