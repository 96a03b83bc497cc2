# nvFuser tests/cpp/test_outer_reduction.cpp:1642 OuterReductionTest.GridPersistentWelfordOuterNormLikeFloat256x28x512Scheduler — channels-last welford outer norm: OuterPersistent unsegmented iff shouldBePersistent, else segmented
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1, -1, -1], contiguity=[True, True, True, True], dtype=DataType.Float, is_cpu=False, stride_order=[3, 2, 1, 0])
    T1, T2, T3 = fd.ops.welford(T0, dims=[2, 1, 0])
    T4 = fd.ops.broadcast(T1, is_broadcast_dim=[True, True, True, False])
    T5 = fd.ops.sub(T0, T4)
    fd.add_output(T5)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((256, 28, 28, 512), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
