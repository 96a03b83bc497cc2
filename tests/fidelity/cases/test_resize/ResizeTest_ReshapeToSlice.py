# nvFuser tests/cpp/test_resize.cpp:2992 ResizeTest.ReshapeToSlice — dynamic reshape then slice by scalar bounds: two segments
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[False, False], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    S1 = fd.define_scalar(None, dtype=DataType.Int)
    S2 = fd.define_scalar(None, dtype=DataType.Int)
    S3 = fd.define_scalar(None, dtype=DataType.Int)
    S4 = fd.define_scalar(None, dtype=DataType.Int)
    T5 = fd.ops.reshape(T0, new_shape=[S3, S4])
    T6 = fd.ops.slice(T5, start_indices=[0, 0], end_indices=[S1, S2], strides=[1, 1])
    fd.add_output(T6)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((4, 3), dtype=torch.float32, device='cuda:0'),
    3,
    2,
    3,
    4,
]
fd.execute(inputs)
