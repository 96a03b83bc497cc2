# Near miss: the lookup tensor's squeeze removed dim 1, after the gather dim 0; nvFuser does
# not handle that case (csrc/preseg_passes/move_gather.cpp:142-147), so nothing moves.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[16, 1, 8], contiguity=[True, None, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.define_tensor(shape=[4, 8], contiguity=[True, True], dtype=DataType.Int, is_cpu=False)
    T2 = fd.ops.squeeze(T0, dims=[1])
    T3 = fd.ops.take_along_axis(T2, T1, dim=0)
    fd.add_output(T3)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.randn((16, 1, 8), dtype=torch.float32, device='cuda:0'),
    torch.randint(0, 16, (4, 8), dtype=torch.int64, device='cuda:0'),
]
fd.execute(inputs)
