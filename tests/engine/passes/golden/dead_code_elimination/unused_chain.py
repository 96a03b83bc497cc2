# A Thunder-style trace that computes a value it never outputs: the exp/sum chain is dead.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[16, 32], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    S1 = fd.define_scalar(2.00000, dtype=DataType.Double)
    T2 = fd.ops.exp(T0)
    T3 = fd.ops.sum(T2, dims=[1], keepdim=False, dtype=DataType.Null)
    T4 = fd.ops.mul(T0, S1)
    fd.add_output(T4)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((16, 32), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
