# nvFuser tests/cpp/test_alias.cpp:1541 AliasTest.ReshapeInplaceUpdateNoSegmentation — reshape, add output, reshape back + set written in place into the input; not segmented
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[2, 3, 4], contiguity=[True, True, True], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T1 = fd.ops.reshape(T0, new_shape=[24])
    S2 = fd.define_scalar(3.14100, dtype=DataType.Double)
    T3 = fd.ops.add(T1, S2)
    fd.add_output(T3)
    T4 = fd.ops.reshape(T3, new_shape=[2, 3, 4])
    T5 = fd.ops.set(T4)
    fd.add_output(T5, T0)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((2, 3, 4), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
