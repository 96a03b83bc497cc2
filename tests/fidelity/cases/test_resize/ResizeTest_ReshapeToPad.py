# nvFuser tests/cpp/test_resize.cpp:2950 ResizeTest.ReshapeToPad — dynamic reshape then pad by scalar widths: one segment
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[False, False], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    S1 = fd.define_scalar(None, dtype=DataType.Int)
    S2 = fd.define_scalar(None, dtype=DataType.Int)
    S3 = fd.define_scalar(None, dtype=DataType.Int)
    S4 = fd.define_scalar(None, dtype=DataType.Int)
    T5 = fd.ops.reshape(T0, new_shape=[S3, S4])
    T6 = fd.ops.pad(T5, [0, S1, 0, S2])
    fd.add_output(T6)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((4, 3), dtype=torch.float32, device='cuda:0'),
    1,
    1,
    3,
    4,
]
fd.execute(inputs)
