# nvFuser tests/cpp/test_transpose.cpp:1219 TransposeTest.FusionReshapeSmallTransposeDimensionSchedule — reshape with small transpose dimension: transpose scheduler rejects, one pointwise kernel
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1, -1, -1], contiguity=[True, True, True, True], dtype=DataType.Float, is_cpu=False, stride_order=[3, 2, 1, 0])
    T1 = fd.ops.reshape(T0, new_shape=[2, 131072, 2])
    T2 = fd.ops.permute(T1, dims=[2, 1, 0])
    fd.add_output(T1)
    fd.add_output(T2)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((2, 1024, 128, 2), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
