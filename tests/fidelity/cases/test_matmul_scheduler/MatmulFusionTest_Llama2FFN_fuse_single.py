# nvFuser tests/cpp/test_matmul_scheduler.cpp:2818 MatmulFusionTest.Llama2FFN — two matmuls sharing A with silu(x)*y epilogue, FuseMatmul on (fuse_single, no FuseMultipleMatmuls) → 2 groups
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Half, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Half, is_cpu=False, stride_order=[1, 0])
    T2 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Half, is_cpu=False, stride_order=[1, 0])
    T3 = fd.ops.matmul(T0, T1)
    T4 = fd.ops.matmul(T0, T2)
    T5 = fd.ops.sigmoid(T3)
    T6 = fd.ops.mul(T5, T3)
    T7 = fd.ops.mul(T6, T4)
    fd.add_output(T7)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((504, 248), dtype=torch.float16, device='cuda:0'),
    torch.testing.make_tensor((248, 136), dtype=torch.float16, device='cuda:0'),
    torch.testing.make_tensor((248, 136), dtype=torch.float16, device='cuda:0'),
]
fd.execute(inputs, _enable_options=["fuse_matmul"])
