# nvFuser tests/cpp/test_persistent_buffer.cpp:1469 LayerNormSharedMemoryTest.FusionLayerNormSharedMemoryBuffer_CUDA — layer norm [2048, hidden]: InnerPersistent (regs or smem) when the buffer fits, else segmented with a reduction
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Half, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Half, is_cpu=False, stride_order=[0])
    T2 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Half, is_cpu=False, stride_order=[0])
    T3 = fd.ops.cast(T0, dtype=DataType.Float)
    T4 = fd.ops.cast(T1, dtype=DataType.Float)
    T5 = fd.ops.cast(T2, dtype=DataType.Float)
    S6 = fd.define_scalar(1.00000e-05, dtype=DataType.Double)
    S7 = fd.define_scalar(1.00000, dtype=DataType.Double)
    S8 = fd.ops.size(T3, dim=1)
    S9 = fd.ops.mul(S7, S8)
    T10, T11, T12 = fd.ops.welford(T3, dims=[1])
    T13 = fd.ops.broadcast(T10, is_broadcast_dim=[False, True])
    T14 = fd.ops.sub(T3, T13)
    T15 = fd.ops.broadcast(T11, is_broadcast_dim=[False, True])
    S16 = fd.ops.reciprocal(S9)
    T17 = fd.ops.mul(T15, S16)
    T18 = fd.ops.add(T17, S6)
    T19 = fd.ops.rsqrt(T18)
    T20 = fd.ops.mul(T14, T19)
    T21 = fd.ops.broadcast(T4, is_broadcast_dim=[True, False])
    T22 = fd.ops.mul(T20, T21)
    T23 = fd.ops.broadcast(T5, is_broadcast_dim=[True, False])
    T24 = fd.ops.add(T22, T23)
    T25 = fd.ops.cast(T24, dtype=DataType.Half)
    fd.add_output(T25)
    fd.add_output(T13)
    fd.add_output(T19)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((2048, 32768), dtype=torch.float16, device='cuda:0'),
    torch.testing.make_tensor((32768,), dtype=torch.float16, device='cuda:0'),
    torch.testing.make_tensor((32768,), dtype=torch.float16, device='cuda:0'),
]
fd.execute(inputs)
