# Reductions over an empty axis yield their init value: the sum becomes full([8], 0.0) and
# the prod (with keepdim) full([1, 8], 1.0); the exp feeding the sum is dropped with it.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id2(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[0, 8], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.define_tensor(shape=[8], contiguity=[True], dtype=DataType.Float, is_cpu=False)
    T2 = fd.ops.exp(T0)
    T3 = fd.ops.sum(T2, dims=[0], keepdim=False, dtype=DataType.Null)
    T4 = fd.ops.add(T3, T1)
    T5 = fd.ops.prod(T0, dims=[0], keepdim=True, dtype=DataType.Null)
    fd.add_output(T4)
    fd.add_output(T5)

with FusionDefinition() as fd:
    nvfuser_fusion_id2(fd)

inputs = [
    torch.testing.make_tensor((0, 8), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((8,), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
