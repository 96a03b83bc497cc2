import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Half, is_cpu=False, stride_order=[1, 0])
    T1 = fd.ops.cast(T0, dtype=DataType.Float)
    T2, T3 = fd.ops.var_mean(T1, dims=[0], correction=1, keepdim=False)
    T4 = fd.ops.cast(T2, dtype=DataType.Half)
    T5 = fd.ops.cast(T3, dtype=DataType.Half)
    fd.add_output(T4)
    fd.add_output(T5)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((256, 64), dtype=torch.float16, device='cuda:0'),
]
fd.execute(inputs)
