# nvFuser tests/cpp/test_persistent_buffer.cpp:1469 LayerNormSharedMemoryTest.FusionLayerNormSharedMemoryBuffer_CUDA — layer norm [2048, hidden]: InnerPersistent (regs or smem) when the buffer fits, else segmented with a reduction
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    T2 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    S3 = fd.define_scalar(1.00000e-05, dtype=DataType.Double)
    S4 = fd.define_scalar(1.00000, dtype=DataType.Double)
    S5 = fd.ops.size(T0, dim=1)
    S6 = fd.ops.mul(S4, S5)
    T7, T8, T9 = fd.ops.welford(T0, dims=[1])
    T10 = fd.ops.broadcast(T7, is_broadcast_dim=[False, True])
    T11 = fd.ops.sub(T0, T10)
    T12 = fd.ops.broadcast(T8, is_broadcast_dim=[False, True])
    S13 = fd.ops.reciprocal(S6)
    T14 = fd.ops.mul(T12, S13)
    T15 = fd.ops.add(T14, S3)
    T16 = fd.ops.rsqrt(T15)
    T17 = fd.ops.mul(T11, T16)
    T18 = fd.ops.broadcast(T1, is_broadcast_dim=[True, False])
    T19 = fd.ops.mul(T17, T18)
    T20 = fd.ops.broadcast(T2, is_broadcast_dim=[True, False])
    T21 = fd.ops.add(T19, T20)
    fd.add_output(T21)
    fd.add_output(T10)
    fd.add_output(T16)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((2048, 81920), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((81920,), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((81920,), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
