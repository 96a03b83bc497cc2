# nvFuser tests/cpp/test_gather.cpp:559 GatherTest.TakeAlongAxisIntermediateTensorReduction1 — sum then take_along_axis on the reduced tensor: reduction + expr-eval gather
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[False, False], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[-1], contiguity=[False], dtype=DataType.Int, is_cpu=False, stride_order=[0])
    T2 = fd.ops.sum(T0, dims=[1], keepdim=False, dtype=DataType.Null)
    T3 = fd.ops.take_along_axis(T2, T1, dim=0)
    fd.add_output(T3)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((100, 1000), dtype=torch.float32, device='cuda:0'),
    torch.randint(0, 100, (2,), dtype=torch.int64, device='cuda:0'),
]
fd.execute(inputs)
