# nvFuser tests/python/direct/test_python_direct.py:541 test_fusion_profiler_with_noncodegen_kernels — linear (ATen) followed by an add → 2 kernel profiles
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1, -1], contiguity=[True, True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[2, 1, 0])
    T1 = fd.define_tensor(shape=[-1, -1, -1], contiguity=[True, True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[2, 1, 0])
    T2 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    T3 = fd.ops.linear(T0, T2)
    T4 = fd.ops.add(T3, T1)
    fd.add_output(T4)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((2, 4, 16), dtype=torch.bfloat16, device='cuda:0'),
    torch.testing.make_tensor((2, 4, 16), dtype=torch.bfloat16, device='cuda:0'),
    torch.testing.make_tensor((16, 16), dtype=torch.bfloat16, device='cuda:0'),
]
fd.execute(inputs)
