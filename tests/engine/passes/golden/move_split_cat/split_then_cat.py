# Two adjacent slices of T0 along dim 1 ([0, 4) and [4, 8)) concatenated back in order
# along dim 1 are T0 itself: the slices and the cat become set(T0).
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[6, 8], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.ops.slice(T0, start_indices=[0, 0], end_indices=[6, 4], strides=[1, 1], manual_normalization=0)
    T2 = fd.ops.slice(T0, start_indices=[0, 4], end_indices=[6, 8], strides=[1, 1], manual_normalization=0)
    T3 = fd.ops.cat([T1, T2], dim=1, manual_padding=0)
    T4 = fd.ops.relu(T3)
    fd.add_output(T4)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((6, 8), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
