# The runner's cuBLASLt paths: a batched matmul (equal batch dims), a matmul whose batch folds
# into rows (2-D right operand), and a linear without bias, each its own segment.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1, -1, -1], contiguity=[True, True, True, True], dtype=DataType.Float, is_cpu=False, stride_order=[3, 2, 1, 0])
    T1 = fd.define_tensor(shape=[-1, -1, -1, -1], contiguity=[True, True, True, True], dtype=DataType.Float, is_cpu=False, stride_order=[3, 2, 1, 0])
    T2 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T3 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Half, is_cpu=False, stride_order=[1, 0])
    T4 = fd.define_tensor(shape=[-1, -1, -1], contiguity=[True, True, True], dtype=DataType.Half, is_cpu=False, stride_order=[2, 1, 0])
    T5 = fd.ops.matmul(T0, T1)
    T6 = fd.ops.matmul(T0, T2)
    T7 = fd.ops.linear(T4, T3)
    fd.add_output(T5)
    fd.add_output(T6)
    fd.add_output(T7)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((2, 3, 24, 16), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((2, 3, 16, 40), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((16, 8), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((12, 32), dtype=torch.float16, device='cuda:0'),
    torch.testing.make_tensor((4, 5, 32), dtype=torch.float16, device='cuda:0'),
]
fd.execute(inputs)
