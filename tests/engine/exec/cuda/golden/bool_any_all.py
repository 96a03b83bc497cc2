import torch
from nvfuser import FusionDefinition, DataType

# Bool reductions: max over a bool row is "any", min is "all". They accumulate as int (the warp
# shuffles have no bool overload), starting from false for any and true for all.
def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    S1 = fd.define_scalar(2.50000, dtype=DataType.Double)
    T2 = fd.ops.gt(T0, S1)
    T3 = fd.ops.max(T2, dims=[1], keepdim=False, dtype=DataType.Null)
    S4 = fd.define_scalar(-2.50000, dtype=DataType.Double)
    T5 = fd.ops.gt(T0, S4)
    T6 = fd.ops.min(T5, dims=[1], keepdim=False, dtype=DataType.Null)
    fd.add_output(T3)
    fd.add_output(T6)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.randn((64, 200), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
