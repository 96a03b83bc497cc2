# Near misses: nvFuser moves a gather only when it is the fusion's one GatherOp, and never
# above a fusion input. Here a take_along_axis reads the input T0 directly, and a second
# take_along_axis reads exp(T0), which stays put because there are two gathers.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[8, 16], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.define_tensor(shape=[8, 1], contiguity=[True, None], dtype=DataType.Int, is_cpu=False)
    T2 = fd.ops.take_along_axis(T0, T1, dim=1)
    T3 = fd.ops.exp(T0)
    T4 = fd.ops.take_along_axis(T3, T1, dim=1)
    T5 = fd.ops.add(T2, T4)
    fd.add_output(T5)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.randn((8, 16), dtype=torch.float32, device='cuda:0'),
    torch.randint(0, 16, (8, 1), dtype=torch.int64, device='cuda:0'),
]
fd.execute(inputs)
