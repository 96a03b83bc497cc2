# nvFuser tests/cpp/test_transpose.cpp:1135 TransposeTest.ReshapePermuteTransposeScheduler — nanogpt CSA reshape + two transposes → one transpose kernel
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1, -1], contiguity=[False, False, False], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T1 = fd.ops.reshape(T0, new_shape=[8, 1024, 16, 64])
    T2 = fd.ops.permute(T1, dims=[0, 2, 1, 3])
    T3 = fd.ops.permute(T2, dims=[0, 1, 3, 2])
    fd.add_output(T3)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((8, 1024, 1024), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
