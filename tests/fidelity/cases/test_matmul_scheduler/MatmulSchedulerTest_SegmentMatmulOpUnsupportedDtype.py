# nvFuser tests/cpp/test_matmul_scheduler.cpp:2648 MatmulSchedulerTest.SegmentMatmulOpUnsupportedDtype — float matmul with a sin prologue on B, FuseMatmul on: the matmul scheduler refuses float operands, so segmented
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T2 = fd.ops.sin(T1)
    T3 = fd.ops.cast(T2, dtype=DataType.Float)
    T4 = fd.ops.matmul(T0, T3)
    fd.add_output(T4)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((504, 248), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((248, 136), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs, _enable_options=["fuse_matmul"])
