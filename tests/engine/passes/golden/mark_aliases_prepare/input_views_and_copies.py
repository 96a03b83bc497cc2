# No segment_set: T2 is a view of the input T0 and its only use, so none is needed there
# (csrc/preseg_passes/mark_aliases_prepare.cpp:76-79); T5 merges dims the permute T4 left
# out of order in memory, so it is a copy and its chain belongs to the compute. The views T2
# and T4 get their allocation layouts.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 8], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.define_tensor(shape=[4, 8], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T2 = fd.ops.permute(T0, dims=[1, 0])
    T3 = fd.ops.exp(T1)
    T4 = fd.ops.permute(T3, dims=[1, 0])
    T5 = fd.ops.reshape(T4, new_shape=[32])
    fd.add_output(T2)
    fd.add_output(T5)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((4, 8), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((4, 8), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
