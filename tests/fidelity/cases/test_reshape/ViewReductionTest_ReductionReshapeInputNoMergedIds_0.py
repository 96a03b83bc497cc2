# nvFuser tests/cpp/test_reshape.cpp:2422 ViewReductionTest.ReductionReshapeInputNoMergedIds/0 — split-only reshape then sum over axes [0]: one segment
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1, -1, -1], contiguity=[True, True, True, True], dtype=DataType.Half, is_cpu=False, stride_order=[3, 2, 1, 0])
    T1 = fd.ops.cast(T0, dtype=DataType.Float)
    T2 = fd.ops.reshape(T1, new_shape=[2, 32, 4, 16, 16])
    T3 = fd.ops.sum(T2, dims=[0], keepdim=False, dtype=DataType.Null)
    fd.add_output(T3)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((2, 128, 16, 16), dtype=torch.float16, device='cuda:0'),
]
fd.execute(inputs)
