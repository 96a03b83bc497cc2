# nvFuser tests/cpp/test_index_select.cpp:780 NVFuserTest.IndexSelectVectorization3DCase0 — 3D index_select on dim 0 with a permuted output allocation: one pointwise kernel
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1, -1], contiguity=[True, True, True], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T1 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Int, is_cpu=False, stride_order=[0])
    T2 = fd.ops.index_select(T0, T1, dim=0)
    fd.add_output(T2, stride_order=[2, 0, 1])

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((1024, 256, 4), dtype=torch.float32, device='cuda:0'),
    torch.randint(0, 1024, (768,), dtype=torch.int64, device='cuda:0'),
]
fd.execute(inputs)
