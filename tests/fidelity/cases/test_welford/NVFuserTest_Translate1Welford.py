# nvFuser tests/cpp/test_welford.cpp:674 NVFuserTest.Translate1Welford — small inner welford + broadcast add is translated and runs as one group
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[False, False], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1, T2, T3 = fd.ops.welford(T0, dims=[1])
    T4 = fd.ops.broadcast(T1, is_broadcast_dim=[False, True])
    T5 = fd.ops.add(T0, T4)
    fd.add_output(T5)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((128, 64), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
