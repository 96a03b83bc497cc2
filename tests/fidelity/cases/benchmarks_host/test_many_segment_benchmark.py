# nvFuser benchmarks/python/host/test_many_segments_host.py:10 many_matmul_fusion, asserted at :66-70 — five matmuls (expr_eval segments) between adds that read `a` as it is and transposed: exactly 12 segments
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    x = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    y = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    a = fd.ops.add(x, y)
    a_transpose = fd.ops.permute(a, [1, 0])
    matmul_out = fd.ops.matmul(a_transpose, y)
    add_out = fd.ops.add(a_transpose, y)
    a = fd.ops.add(matmul_out, add_out)
    a_transpose = fd.ops.permute(a, [1, 0])
    matmul_out = fd.ops.matmul(a_transpose, y)
    add_out = fd.ops.add(a_transpose, y)
    a = fd.ops.add(matmul_out, add_out)
    a_transpose = fd.ops.permute(a, [1, 0])
    matmul_out = fd.ops.matmul(a_transpose, y)
    add_out = fd.ops.add(a_transpose, y)
    a = fd.ops.add(matmul_out, add_out)
    a_transpose = fd.ops.permute(a, [1, 0])
    matmul_out = fd.ops.matmul(a_transpose, y)
    add_out = fd.ops.add(a_transpose, y)
    a = fd.ops.add(matmul_out, add_out)
    a_transpose = fd.ops.permute(a, [1, 0])
    matmul_out = fd.ops.matmul(a_transpose, y)
    add_out = fd.ops.add(a_transpose, y)
    a = fd.ops.add(matmul_out, add_out)
    fd.add_output(a)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.randn(5, 5, device="cuda", dtype=torch.float),
    torch.randn(5, 5, device="cuda", dtype=torch.float),
]
fd.execute(inputs)
