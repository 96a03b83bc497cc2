# nvFuser tests/cpp/test_transpose.cpp:649 TransposeTest.FusionScheduleTransposeMissingDim — sub/mul/relu with a [1,I,1] input and a broadcast 1D input is pointwise
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1, -1], contiguity=[True, True, True], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T1 = fd.define_tensor(shape=[1, -1, 1], contiguity=[None, True, None], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T2 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    T3 = fd.ops.broadcast(T2, is_broadcast_dim=[True, False, True])
    T4 = fd.ops.sub(T0, T3)
    T5 = fd.ops.mul(T4, T1)
    T6 = fd.ops.relu(T5)
    fd.add_output(T6)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((256, 512, 256), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((1, 512, 1), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((512,), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
