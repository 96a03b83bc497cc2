# nvFuser tests/cpp/test_alias.cpp:180 AliasTest.DuplicateOutputs — one pointwise add registered twice as output; must not be segmented
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[2, 3, 4], contiguity=[True, True, True], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    S1 = fd.define_scalar(3.14100, dtype=DataType.Double)
    T2 = fd.ops.add(T0, S1)
    fd.add_output(T2)
    fd.add_output(T2)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((2, 3, 4), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
