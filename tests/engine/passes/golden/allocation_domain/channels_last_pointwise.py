# Fires: T0 is channels-last (stride_order=[3, 0, 2, 1]) and has the most non-broadcast
# dims among T4's sources; T4 = relu(T0 + bias) keeps T0's dims in place, so the output
# takes T0's stride order. T5 (a reduction, rank 2) does not.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[2, 4, 3, 3], contiguity=[True, True, True, True], dtype=DataType.Float, is_cpu=False, stride_order=[3, 0, 2, 1])
    T1 = fd.define_tensor(shape=[4], contiguity=[True], dtype=DataType.Float, is_cpu=False)
    T2 = fd.ops.broadcast_in_dim(T1, shape=[2, 4, 3, 3], broadcast_dims=[1])
    T3 = fd.ops.add(T0, T2)
    T4 = fd.ops.relu(T3)
    T5 = fd.ops.sum(T3, dims=[2, 3], keepdim=False, dtype=DataType.Null)
    fd.add_output(T4)
    fd.add_output(T5)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.randn(72, dtype=torch.float32, device='cuda:0').as_strided((2, 4, 3, 3), (36, 1, 12, 4)),
    torch.testing.make_tensor((4,), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
