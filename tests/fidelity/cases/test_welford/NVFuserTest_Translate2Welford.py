# nvFuser tests/cpp/test_welford.cpp:738 NVFuserTest.Translate2Welford — two small inner welfords + broadcast adds are translated and run as one group
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[False, False], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1, T2, T3 = fd.ops.welford(T0, dims=[1])
    T4 = fd.ops.broadcast(T1, is_broadcast_dim=[False, True])
    T5 = fd.ops.add(T0, T4)
    fd.add_output(T5)
    T6, T7, T8 = fd.ops.welford(T0, dims=[1])
    T9 = fd.ops.broadcast(T6, is_broadcast_dim=[False, True])
    T10 = fd.ops.add(T0, T9)
    fd.add_output(T10)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((128, 64), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
