# nvFuser tests/cpp/test_reshape.cpp:2468 ViewNormalizationTest.NormalizationReshapeInputNoMergedIds/0 — split-only reshape then normalization over axes [0]: one segment
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1, -1, -1], contiguity=[True, True, True, True], dtype=DataType.Half, is_cpu=False, stride_order=[3, 2, 1, 0])
    T1 = fd.ops.cast(T0, dtype=DataType.Float)
    T2 = fd.ops.reshape(T1, new_shape=[2, 32, 4, 16, 16])
    T3 = fd.ops.sum(T2, dims=[0], keepdim=False, dtype=DataType.Null)
    T4 = fd.ops.broadcast(T3, is_broadcast_dim=[True, False, False, False, False])
    T5 = fd.ops.div(T2, T4)
    T6 = fd.ops.cast(T5, dtype=DataType.Half)
    fd.add_output(T6)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((2, 128, 16, 16), dtype=torch.float16, device='cuda:0'),
]
fd.execute(inputs)
