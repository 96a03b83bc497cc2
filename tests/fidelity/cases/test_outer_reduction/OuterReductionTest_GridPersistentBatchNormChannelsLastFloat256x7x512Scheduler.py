# nvFuser tests/cpp/test_outer_reduction.cpp:1809 OuterReductionTest.GridPersistentBatchNormChannelsLastFloat256x7x512Scheduler — channels-last batch_norm fwd (training, running stats aliased): OuterPersistent unsegmented iff shouldBePersistent, else segmented
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1, -1, -1], contiguity=[True, True, True, True], dtype=DataType.Float, is_cpu=False, stride_order=[3, 2, 1, 0])
    T1 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    T2 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    T3 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    T4 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    S5 = fd.define_scalar(0.100000, dtype=DataType.Double)
    S6 = fd.define_scalar(1.00000e-05, dtype=DataType.Double)
    S7 = fd.define_scalar(1.00000, dtype=DataType.Double)
    S8 = fd.ops.size(T0, dim=0)
    S9 = fd.ops.mul(S7, S8)
    S10 = fd.ops.size(T0, dim=1)
    S11 = fd.ops.mul(S9, S10)
    S12 = fd.ops.size(T0, dim=2)
    S13 = fd.ops.mul(S11, S12)
    T14, T15, T16 = fd.ops.welford(T0, dims=[0, 1, 2])
    S17 = fd.define_scalar(1.00000, dtype=DataType.Double)
    S18 = fd.ops.sub(S17, S5)
    T19 = fd.ops.mul(T14, S5)
    T20 = fd.ops.mul(T3, S18)
    T21 = fd.ops.add(T20, T19)
    S22 = fd.define_scalar(1, dtype=DataType.Int)
    S23 = fd.ops.sub(S13, S22)
    S24 = fd.ops.reciprocal(S23)
    T25 = fd.ops.mul(T15, S24)
    T26 = fd.ops.mul(T25, S5)
    T27 = fd.ops.mul(T4, S18)
    T28 = fd.ops.add(T27, T26)
    fd.add_output(T21, T3)
    fd.add_output(T28, T4)
    T29 = fd.ops.broadcast(T14, is_broadcast_dim=[True, True, True, False])
    T30 = fd.ops.sub(T0, T29)
    S31 = fd.ops.reciprocal(S13)
    T32 = fd.ops.mul(T15, S31)
    T33 = fd.ops.add(T32, S6)
    T34 = fd.ops.rsqrt(T33)
    T35 = fd.ops.broadcast(T34, is_broadcast_dim=[True, True, True, False])
    T36 = fd.ops.mul(T30, T35)
    T37 = fd.ops.broadcast(T1, is_broadcast_dim=[True, True, True, False])
    T38 = fd.ops.mul(T36, T37)
    T39 = fd.ops.broadcast(T2, is_broadcast_dim=[True, True, True, False])
    T40 = fd.ops.add(T38, T39)
    fd.add_output(T40)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((256, 7, 7, 512), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((512,), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((512,), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((512,), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((512,), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
