# An output computed from an empty input holds no element: the exp/mul chain that makes it
# becomes full([0, 8], 0.0), while the non-empty output next to it is left alone.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[0, 8], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.define_tensor(shape=[4, 8], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    S2 = fd.define_scalar(2.00000, dtype=DataType.Double)
    T3 = fd.ops.exp(T0)
    T4 = fd.ops.mul(T3, S2)
    T5 = fd.ops.neg(T1)
    fd.add_output(T4)
    fd.add_output(T5)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((0, 8), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((4, 8), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
