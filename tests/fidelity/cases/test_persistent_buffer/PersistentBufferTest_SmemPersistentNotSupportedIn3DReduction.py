# nvFuser tests/cpp/test_persistent_buffer.cpp:1229 PersistentBufferTest.SmemPersistentNotSupportedIn3DReduction — 3D (non-contiguous) reduction whose buffer exceeds registers is not smem-persistent: reduction + pointwise
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1, -1, -1], contiguity=[True, True, True, True], dtype=DataType.Float, is_cpu=False, stride_order=[3, 2, 1, 0])
    T1 = fd.ops.sum(T0, dims=[0, 2, 3], keepdim=False, dtype=DataType.Null)
    T2 = fd.ops.broadcast(T1, is_broadcast_dim=[True, False, True, True])
    T3 = fd.ops.div(T0, T2)
    fd.add_output(T3)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((2, 64, 2, 8448), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
