# nvFuser tests/cpp/test_persistent_buffer.cpp:1153 PersistentBufferTest.PostReductionBroadcastCheck — post-reduction broadcast resolved against a non-buffer input stays one kernel
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[128, 256], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[128, 256], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T2 = fd.ops.set(T0)
    T3 = fd.ops.sum(T2, dims=[1], keepdim=False, dtype=DataType.Null)
    T4 = fd.ops.broadcast(T3, is_broadcast_dim=[False, True])
    T5 = fd.ops.set(T1)
    T6 = fd.ops.add(T4, T5)
    T7 = fd.ops.add(T6, T2)
    fd.add_output(T7)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((128, 256), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((128, 256), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
