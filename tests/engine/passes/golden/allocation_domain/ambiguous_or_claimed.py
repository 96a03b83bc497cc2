# Near miss: T2 depends on T0 (column-major) and T1 (row-major), equally good references
# that disagree; T3's order was requested by the script; T4 is a permute of T0, whose dims
# are not T0's in the same positions; T5 = abs(T0) would take T0's order, but it updates
# T1 in place, and aliased outputs keep their layout.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 8], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[0, 1])
    T1 = fd.define_tensor(shape=[4, 8], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T2 = fd.ops.add(T0, T1)
    T3 = fd.ops.neg(T0)
    T4 = fd.ops.permute(T0, dims=[1, 0])
    T5 = fd.ops.abs(T0)
    fd.add_output(T2)
    fd.add_output(T3, stride_order=[1, 0])
    fd.add_output(T4)
    fd.add_output(T5, T1)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.randn(32, dtype=torch.float32, device='cuda:0').as_strided((4, 8), (1, 4)),
    torch.testing.make_tensor((4, 8), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
