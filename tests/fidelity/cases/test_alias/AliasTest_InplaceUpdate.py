# nvFuser tests/cpp/test_alias.cpp:1195 AliasTest.InplaceUpdate — input 1 written into input 0 (aliasOutputToInput of a fusion input inserts a copy); one PointWise group
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[2, 3], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[2, 3], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    fd.add_output(T1, T0)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((2, 3), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((2, 3), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
