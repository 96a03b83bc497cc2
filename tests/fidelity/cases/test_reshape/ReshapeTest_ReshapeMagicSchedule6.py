# nvFuser tests/cpp/test_reshape.cpp:1677 ReshapeTest.ReshapeMagicSchedule6 — reshape + transpose + add: one vectorized pointwise kernel
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.ops.reshape(T0, new_shape=[1024, 512, 2])
    T2 = fd.ops.permute(T1, dims=[1, 0, 2])
    T3 = fd.define_tensor(shape=[-1, -1, -1], contiguity=[True, True, True], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T4 = fd.ops.add(T2, T3)
    fd.add_output(T4)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((1024, 1024), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((512, 1024, 2), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
