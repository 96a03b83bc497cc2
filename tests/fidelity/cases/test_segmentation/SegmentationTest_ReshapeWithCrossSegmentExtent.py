# nvFuser tests/cpp/test_segmentation.cpp:993 SegmentationTest.ReshapeWithCrossSegmentExtent — reduction of A plus a reshape of A to B's sizes then permute → 3 groups
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1, -1], contiguity=[False, False, False], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T1 = fd.define_tensor(shape=[-1, -1, -1, -1], contiguity=[False, False, False, False], dtype=DataType.Float, is_cpu=False, stride_order=[3, 2, 1, 0])
    T2 = fd.ops.sum(T0, dims=[0, 1], keepdim=False, dtype=DataType.Null)
    S3 = fd.ops.size(T1, dim=0)
    S4 = fd.ops.size(T1, dim=1)
    S5 = fd.ops.size(T1, dim=2)
    S6 = fd.ops.size(T1, dim=3)
    T7 = fd.ops.reshape(T0, new_shape=[S3, S4, S5, S6])
    T8 = fd.ops.permute(T7, dims=[0, 2, 1, 3])
    fd.add_output(T2)
    fd.add_output(T8)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((16, 128, 768), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((16, 12, 128, 64), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
