# nvFuser tests/cpp/test_index_select.cpp:566 IndexSelectTest.MultipleIndexSelectIssue — two index_selects sharing one index tensor, added: not segmented
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[False, False], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[-1, -1], contiguity=[False, False], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T2 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Int, is_cpu=False, stride_order=[0])
    T3 = fd.ops.index_select(T0, T2, dim=0)
    T4 = fd.ops.index_select(T1, T2, dim=0)
    T5 = fd.ops.add(T3, T4)
    fd.add_output(T5)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((17, 19), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((17, 19), dtype=torch.float32, device='cuda:0'),
    torch.randint(0, 17, (3,), dtype=torch.int64, device='cuda:0'),
]
fd.execute(inputs)
