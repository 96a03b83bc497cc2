# nvFuser tests/cpp/test_alias.cpp:1584 AliasTest.FusionEmpty — two inputs forwarded as outputs, no ops; one ExprEval group
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[10, 10, 10], contiguity=[False, False, False], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T1 = fd.define_tensor(shape=[10, 10, 10], contiguity=[False, False, False], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    fd.add_output(T0)
    fd.add_output(T1)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((10, 10, 10), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((10, 10, 10), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
