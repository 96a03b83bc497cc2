# nvFuser tests/cpp/test_outer_reduction.cpp:1797 OuterReductionTest.GridPersistentBatchNormChannelsLastHalf256x14x512Scheduler — channels-last batch_norm fwd (training, running stats aliased): OuterPersistent unsegmented iff shouldBePersistent, else segmented
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1, -1, -1], contiguity=[True, True, True, True], dtype=DataType.Half, is_cpu=False, stride_order=[3, 2, 1, 0])
    T1 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Half, is_cpu=False, stride_order=[0])
    T2 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Half, is_cpu=False, stride_order=[0])
    T3 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    T4 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    T5 = fd.ops.cast(T0, dtype=DataType.Float)
    T6 = fd.ops.cast(T1, dtype=DataType.Float)
    T7 = fd.ops.cast(T2, dtype=DataType.Float)
    S8 = fd.define_scalar(0.100000, dtype=DataType.Double)
    S9 = fd.define_scalar(1.00000e-05, dtype=DataType.Double)
    S10 = fd.define_scalar(1.00000, dtype=DataType.Double)
    S11 = fd.ops.size(T5, dim=0)
    S12 = fd.ops.mul(S10, S11)
    S13 = fd.ops.size(T5, dim=1)
    S14 = fd.ops.mul(S12, S13)
    S15 = fd.ops.size(T5, dim=2)
    S16 = fd.ops.mul(S14, S15)
    T17, T18, T19 = fd.ops.welford(T5, dims=[0, 1, 2])
    S20 = fd.define_scalar(1.00000, dtype=DataType.Double)
    S21 = fd.ops.sub(S20, S8)
    T22 = fd.ops.mul(T17, S8)
    T23 = fd.ops.mul(T3, S21)
    T24 = fd.ops.add(T23, T22)
    S25 = fd.define_scalar(1, dtype=DataType.Int)
    S26 = fd.ops.sub(S16, S25)
    S27 = fd.ops.reciprocal(S26)
    T28 = fd.ops.mul(T18, S27)
    T29 = fd.ops.mul(T28, S8)
    T30 = fd.ops.mul(T4, S21)
    T31 = fd.ops.add(T30, T29)
    fd.add_output(T24, T3)
    fd.add_output(T31, T4)
    T32 = fd.ops.broadcast(T17, is_broadcast_dim=[True, True, True, False])
    T33 = fd.ops.sub(T5, T32)
    S34 = fd.ops.reciprocal(S16)
    T35 = fd.ops.mul(T18, S34)
    T36 = fd.ops.add(T35, S9)
    T37 = fd.ops.rsqrt(T36)
    T38 = fd.ops.broadcast(T37, is_broadcast_dim=[True, True, True, False])
    T39 = fd.ops.mul(T33, T38)
    T40 = fd.ops.broadcast(T6, is_broadcast_dim=[True, True, True, False])
    T41 = fd.ops.mul(T39, T40)
    T42 = fd.ops.broadcast(T7, is_broadcast_dim=[True, True, True, False])
    T43 = fd.ops.add(T41, T42)
    T44 = fd.ops.cast(T43, dtype=DataType.Half)
    fd.add_output(T44)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((256, 14, 14, 512), dtype=torch.float16, device='cuda:0'),
    torch.testing.make_tensor((512,), dtype=torch.float16, device='cuda:0'),
    torch.testing.make_tensor((512,), dtype=torch.float16, device='cuda:0'),
    torch.testing.make_tensor((512,), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((512,), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
