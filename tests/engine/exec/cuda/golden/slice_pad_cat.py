import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.ops.slice(T0, start_indices=[0, 2], end_indices=[8, 10], strides=[1, 1])
    S2 = fd.define_scalar(0.00000, dtype=DataType.Double)
    T3 = fd.ops.pad(T0, [1, 1, 0, 0], S2)
    T4 = fd.ops.slice(T3, start_indices=[0, 0], end_indices=[8, 8], strides=[1, 1])
    T5 = fd.ops.cat([T1, T4], dim=1)
    T6 = fd.ops.relu(T5)
    fd.add_output(T6)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((8, 12), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
