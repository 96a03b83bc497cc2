# nvFuser tests/cpp/test_pointwise.cpp:1339 NVFuserTest.DomainMapBroadcastIssue3653 — reshape [2,4,8]->[2,32] added to a broadcast [2,1] that is also an output → 1 group
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[2, 4, 8], contiguity=[False, False, False], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T1 = fd.define_tensor(shape=[2], contiguity=[False], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    T2 = fd.ops.reshape(T0, new_shape=[2, 32])
    T3 = fd.ops.broadcast(T1, is_broadcast_dim=[False, True])
    T4 = fd.ops.add(T2, T3)
    fd.add_output(T4)
    fd.add_output(T3)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((2, 4, 8), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((2,), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
