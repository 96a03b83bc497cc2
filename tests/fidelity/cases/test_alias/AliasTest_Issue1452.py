# nvFuser tests/cpp/test_alias.cpp:452 AliasTest.Issue1452 — reshape to 1-D, a set output (alias) and an add output; {ExprEval, PointWise}
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[1024, 1024], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.ops.reshape(T0, new_shape=[1048576])
    T2 = fd.ops.set(T1)
    S3 = fd.define_scalar(1, dtype=DataType.Int)
    T4 = fd.ops.add(T1, S3)
    fd.add_output(T2)
    fd.add_output(T4)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((1024, 1024), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
