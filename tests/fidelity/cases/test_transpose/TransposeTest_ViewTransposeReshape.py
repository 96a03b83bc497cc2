# nvFuser tests/cpp/test_transpose.cpp:1104 TransposeTest.ViewTransposeReshape — reshape -> transpose -> reshape is not segmented
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1, -1], contiguity=[True, True, True], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T1 = fd.ops.reshape(T0, new_shape=[1024, 2, 2, 3])
    T2 = fd.ops.permute(T1, dims=[0, 2, 1, 3])
    T3 = fd.ops.reshape(T2, new_shape=[1024, 2, 6])
    fd.add_output(T3)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((1024, 2, 6), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
