# Near miss: the only symbolic extents are S2/S3, which fd.ops.size computes (defined
# values, not assumptions, as in nvFuser), and the -1 dim of T1, an input nothing reads.
# Static extents need no axiom. Nothing is added.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 8], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float, is_cpu=False)
    S2 = fd.ops.size(T0, dim=0)
    S3 = fd.ops.size(T0, dim=1)
    T4 = fd.ops.reshape(T0, new_shape=[S3, S2])
    T5 = fd.ops.neg(T4)
    fd.add_output(T5)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((4, 8), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((5,), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
