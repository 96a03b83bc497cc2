# Two zero pads in a row, the first on the last dim and the second on both dims, become
# one pad with the widths summed: [1, 1] then [0, 2, 3, 0] gives [1, 3, 3, 0].
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id1(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 6], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.ops.pad(T0, [1, 1])
    T2 = fd.ops.pad(T1, [0, 2, 3, 0])
    fd.add_output(T2)

with FusionDefinition() as fd:
    nvfuser_fusion_id1(fd)

inputs = [
    torch.testing.make_tensor((4, 6), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
