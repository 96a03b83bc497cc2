# nvFuser tests/cpp/test_resize.cpp:5639 ResizeTest.DoNotFuseResizeAndIndexOps — slice of the index tensor feeding take_along_axis: resize op and index op in separate segments
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[128, 4095], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[1, 4096], contiguity=[None, True], dtype=DataType.Int, is_cpu=False, stride_order=[1, 0])
    T2 = fd.ops.slice(T1, start_indices=[0, 1], end_indices=[1, 4096], strides=[1, 1])
    T3 = fd.ops.take_along_axis(T0, T2, dim=0)
    fd.add_output(T3)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((128, 4095), dtype=torch.float32, device='cuda:0'),
    torch.randint(0, 128, (1, 4096), dtype=torch.int64, device='cuda:0'),
]
fd.execute(inputs)
