# Every value reaches an output, including a multi-output op with one unused result:
# the op stays because its other result is used.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[16, 32], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1, T2 = fd.ops.var_mean(T0, dims=[1], correction=0, keepdim=False)
    T3 = fd.ops.neg(T2)
    fd.add_output(T3)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((16, 32), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
