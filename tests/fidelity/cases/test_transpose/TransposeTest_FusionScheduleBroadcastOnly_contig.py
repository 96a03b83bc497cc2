# nvFuser tests/cpp/test_transpose.cpp:292 TransposeTest.FusionScheduleBroadcastOnly — add of [I,1,I] and [I,I,1] (contig inputs) is taken by pointwise, not transpose
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, 1, -1], contiguity=[True, None, True], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T1 = fd.define_tensor(shape=[-1, -1, 1], contiguity=[True, True, None], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T2 = fd.ops.add(T0, T1)
    fd.add_output(T2)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((1024, 1, 256), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((1024, 1024, 1), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
