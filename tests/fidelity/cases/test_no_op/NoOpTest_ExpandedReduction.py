# nvFuser tests/cpp/test_no_op.cpp:167 NoOpTest.ExpandedReduction — sum over an expanded broadcast dim of a fully expanded [2,3] input, then segment_set; one NoOp group
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[2, 3], contiguity=[None, None], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.ops.sum(T0, dims=[0], keepdim=False, dtype=DataType.Null)
    T2 = fd.ops.segment_set(T1)
    fd.add_output(T2)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.randn(1, dtype=torch.float32, device='cuda:0').as_strided((2, 3), (0, 0)),
]
fd.execute(inputs)
