# nvFuser tests/cpp/test_outer_reduction.cpp:1649 OuterReductionTest.GridPersistentWelfordOuterNormWithWeithtsLikeHalf256x7x512Scheduler — channels-last welford outer norm: OuterPersistent unsegmented iff shouldBePersistent, else segmented
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1, -1, -1], contiguity=[True, True, True, True], dtype=DataType.Half, is_cpu=False, stride_order=[3, 2, 1, 0])
    T1 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    T2 = fd.ops.cast(T0, dtype=DataType.Float)
    T3, T4, T5 = fd.ops.welford(T2, dims=[2, 1, 0])
    T6 = fd.ops.broadcast(T3, is_broadcast_dim=[True, True, True, False])
    T7 = fd.ops.sub(T2, T6)
    T8 = fd.ops.broadcast(T1, is_broadcast_dim=[True, True, True, False])
    T9 = fd.ops.add(T7, T8)
    T10 = fd.ops.cast(T9, dtype=DataType.Half)
    fd.add_output(T10)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((256, 7, 7, 512), dtype=torch.float16, device='cuda:0'),
    torch.testing.make_tensor((512,), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
