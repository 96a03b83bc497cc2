# nvFuser tests/cpp/test_translate_mma.cpp:311 MatmulNodeTranslationTest.AutomaticSchedulerMatmulNode — matmul + sin + cast epilogue, FuseMatmul on (1dA_1dB): segmented, first group ExprEval
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Half, is_cpu=False, stride_order=[0])
    T1 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Half, is_cpu=False, stride_order=[0])
    T2 = fd.ops.matmul(T0, T1)
    T3 = fd.ops.sin(T2)
    T4 = fd.ops.cast(T3, dtype=DataType.Half)
    fd.add_output(T4)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((248,), dtype=torch.float16, device='cuda:0'),
    torch.testing.make_tensor((248,), dtype=torch.float16, device='cuda:0'),
]
fd.execute(inputs, _enable_options=["fuse_matmul"])
