# nvFuser tests/cpp/test_alias.cpp:935 AliasTest.SourceIsBothInputAndOutput — input forwarded as output plus its permute; one ExprEval group
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[2, 3], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.ops.permute(T0, dims=[1, 0])
    fd.add_output(T0)
    fd.add_output(T1)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((2, 3), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
