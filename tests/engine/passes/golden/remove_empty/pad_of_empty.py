# A pad of an empty tensor is all pad value: pad([4, 0], widths [1, 2], value 1.5) becomes
# full([4, 3], 1.5), and the relu that fed it is dropped.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id3(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 0], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    S1 = fd.define_scalar(1.50000, dtype=DataType.Double)
    T2 = fd.ops.relu(T0)
    T3 = fd.ops.pad(T2, [1, 2], S1)
    T4 = fd.ops.exp(T3)
    fd.add_output(T4)

with FusionDefinition() as fd:
    nvfuser_fusion_id3(fd)

inputs = [
    torch.testing.make_tensor((4, 0), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
