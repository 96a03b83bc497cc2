# nvFuser tests/cpp/test_pointwise.cpp:647 PointwiseTest.VectorizeWithExpandedBroadcast — x + x on a half input [2, 65536] whose dim 0 is an expanded broadcast (stride 0), allocation [1, 0]
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[2, 65536], contiguity=[True, None], dtype=DataType.Half, is_cpu=False, stride_order=[0, 1])
    T1 = fd.ops.add(T0, T0)
    fd.add_output(T1)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.randn(65536, dtype=torch.float16, device='cuda:0').as_strided((2, 65536), (0, 1)),
]
fd.execute(inputs)
