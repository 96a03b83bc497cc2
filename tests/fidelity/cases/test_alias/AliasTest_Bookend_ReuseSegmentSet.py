# nvFuser tests/cpp/test_alias.cpp:1354 AliasTest.Bookend_ReuseSegmentSet — add then reshape to 1-D feeding two reshape outputs; {PointWise, ExprEval}
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[2, 3, 5], contiguity=[True, True, True], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T1 = fd.ops.add(T0, T0)
    T2 = fd.ops.reshape(T1, new_shape=[30])
    T3 = fd.ops.reshape(T2, new_shape=[6, 5])
    T4 = fd.ops.reshape(T2, new_shape=[2, 15])
    fd.add_output(T3)
    fd.add_output(T4)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((2, 3, 5), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
