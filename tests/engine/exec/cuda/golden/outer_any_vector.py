# segscope-codegen: column_vector=1
# A boolean any (max) and a float sum over the rows with vector column loads: int accumulators
# beside float ones in the partials, and a row count that fills no split (one chunk).
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    S1 = fd.define_scalar(0.500000, dtype=DataType.Double)
    T2 = fd.ops.gt(T0, S1)
    T3 = fd.ops.max(T2, dims=[0], keepdim=False, dtype=DataType.Null)
    T4 = fd.ops.sum(T0, dims=[0], keepdim=False, dtype=DataType.Null)
    fd.add_output(T3)
    fd.add_output(T4)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((300, 64), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
