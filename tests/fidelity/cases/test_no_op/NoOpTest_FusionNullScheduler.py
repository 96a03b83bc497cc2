# nvFuser tests/cpp/test_no_op.cpp:27 NoOpTest.FusionNullScheduler — sum over three broadcast (size-1) dims; every group is ExprEval
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[1, 1, 1], contiguity=[None, None, None], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T1 = fd.ops.sum(T0, dims=[0, 1, 2], keepdim=False, dtype=DataType.Null)
    fd.add_output(T1)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((1, 1, 1), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
