# Parses fine, fails at run time: the footer's labels run past the 4 classes.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[8, 4], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.define_tensor(shape=[8, 1], contiguity=[True, None], dtype=DataType.Int, is_cpu=False)
    T2 = fd.ops.take_along_axis(T0, T1, dim=1)
    fd.add_output(T2)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((8, 4), dtype=torch.float32, device='cuda:0'),
    torch.randint(100, 200, (8, 1), dtype=torch.int64, device='cuda:0'),
]
fd.execute(inputs)
