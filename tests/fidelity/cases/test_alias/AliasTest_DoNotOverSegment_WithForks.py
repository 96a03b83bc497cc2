# nvFuser tests/cpp/test_alias.cpp:793 AliasTest.DoNotOverSegment_WithForks — add forks into permute / reshape chains and a mul; exactly one PointWise group
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[2, 3], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.ops.add(T0, T0)
    T2 = fd.ops.permute(T1, dims=[1, 0])
    T3 = fd.ops.reshape(T1, new_shape=[6])
    T4 = fd.ops.reshape(T3, new_shape=[3, 2])
    T5 = fd.ops.mul(T3, T3)
    fd.add_output(T2)
    fd.add_output(T4)
    fd.add_output(T5)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((2, 3), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
