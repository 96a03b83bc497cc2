# nvFuser tests/cpp/test_index_select.cpp:634 NVFuserTest.IndexSelectVectorizationLookupTensorCase0 — index_select on dim 0, lookup shares the inner dim: one pointwise kernel
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Int, is_cpu=False, stride_order=[0])
    T2 = fd.ops.index_select(T0, T1, dim=0)
    fd.add_output(T2)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((1029, 1024), dtype=torch.float32, device='cuda:0'),
    torch.randint(0, 1029, (1025,), dtype=torch.int64, device='cuda:0'),
]
fd.execute(inputs)
