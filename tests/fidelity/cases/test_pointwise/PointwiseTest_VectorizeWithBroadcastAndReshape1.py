# nvFuser tests/cpp/test_pointwise.cpp:567 PointwiseTest.VectorizeWithBroadcastAndReshape1 — broadcast output plus add and flattening reshape (issue 657) → one pointwise kernel
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[1024, 1024], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[1024, 1024, 4], contiguity=[True, True, True], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T2 = fd.ops.broadcast(T0, is_broadcast_dim=[False, False, True])
    T3 = fd.ops.add(T1, T2)
    T4 = fd.ops.reshape(T3, new_shape=[4194304])
    fd.add_output(T2)
    fd.add_output(T4)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((1024, 1024), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((1024, 1024, 4), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
