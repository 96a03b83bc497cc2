# Fires for one tail only: T4 (a reshape merging T1's contiguous dims) is a view of the
# computed T1, so a segment_set after T1 feeds it and it can run as a no-op segment. T3 is
# a reshape merging dims that the permute T2 left out of order in memory: a copy, so T2 is
# depended on by a non-alias and stays with the compute (mark_aliases_prepare.cpp:53-66).
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 8], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.ops.exp(T0)
    T2 = fd.ops.permute(T1, dims=[1, 0])
    T3 = fd.ops.reshape(T2, new_shape=[32])
    T4 = fd.ops.reshape(T1, new_shape=[32])
    fd.add_output(T3)
    fd.add_output(T4)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((4, 8), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
