# Fires: two outputs are views (permute + reshape, and reshape) of the computed T1, with
# no other reader. One segment_set is put after T1 and feeds both tails, which can then
# run as a no-op segment.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 8], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.ops.exp(T0)
    T2 = fd.ops.permute(T1, dims=[1, 0])
    T3 = fd.ops.reshape(T2, new_shape=[32])
    T4 = fd.ops.reshape(T1, new_shape=[2, 16])
    fd.add_output(T3)
    fd.add_output(T4)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((4, 8), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
