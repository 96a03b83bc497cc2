# allocation_order_inference.cpp:87-215 mapAllocationDomain across a permute: T2 = relu of
# T0 transposed keeps T0's memory order (stride order [0, 1]: its dim 0 is T0's fastest dim),
# so no transpose kernel is needed; T4 reads T0 transposed beside T3, an equally good reference
# whose dims do not line up with T0's: no order is taken.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 8], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.ops.permute(T0, dims=[1, 0])
    T2 = fd.ops.relu(T1)
    T3 = fd.define_tensor(shape=[8, 4], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T4 = fd.ops.add(T1, T3)
    fd.add_output(T2)
    fd.add_output(T4)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((4, 8), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((8, 4), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
