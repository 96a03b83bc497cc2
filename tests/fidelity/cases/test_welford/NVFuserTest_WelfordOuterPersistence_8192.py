# nvFuser tests/cpp/test_welford.cpp:826 NVFuserTest.WelfordOuterPersistence — welford + sum normalization over inner size 8192 is not segmented
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[False, False], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1, T2, T3 = fd.ops.welford(T0, dims=[1])
    T4 = fd.ops.sum(T0, dims=[1], keepdim=False, dtype=DataType.Null)
    T5 = fd.ops.broadcast(T4, is_broadcast_dim=[False, True])
    T6 = fd.ops.broadcast(T1, is_broadcast_dim=[False, True])
    T7 = fd.ops.add(T0, T5)
    T8 = fd.ops.add(T0, T6)
    fd.add_output(T7)
    fd.add_output(T8)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((128, 8192), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
