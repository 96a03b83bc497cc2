# nvFuser tests/cpp/test_outer_reduction.cpp:1621 OuterReductionTest.GridPersistentWelfordOuterNormLikeHalf256x28x512Scheduler — channels-last welford outer norm: OuterPersistent unsegmented iff shouldBePersistent, else segmented
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1, -1, -1], contiguity=[True, True, True, True], dtype=DataType.Half, is_cpu=False, stride_order=[3, 2, 1, 0])
    T1 = fd.ops.cast(T0, dtype=DataType.Float)
    T2, T3, T4 = fd.ops.welford(T1, dims=[2, 1, 0])
    T5 = fd.ops.broadcast(T2, is_broadcast_dim=[True, True, True, False])
    T6 = fd.ops.sub(T1, T5)
    T7 = fd.ops.cast(T6, dtype=DataType.Half)
    fd.add_output(T7)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((256, 28, 28, 512), dtype=torch.float16, device='cuda:0'),
]
fd.execute(inputs)
