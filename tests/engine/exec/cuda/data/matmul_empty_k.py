# A matmul with no inner dimension (K = 0): its result is all zeros. cuBLASLt is not called for
# it; the runner evaluates the segment on the host (the GEMM would leave the output unwritten).
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T2 = fd.ops.matmul(T0, T1)
    fd.add_output(T2)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((4, 0), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((0, 3), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
