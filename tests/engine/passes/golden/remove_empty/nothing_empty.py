# Near misses: size-1 (broadcast) dims are not empty, a cat input of extent 1 stays, the
# empty input that is itself an output has nothing to replace, and the dead exp of the
# empty input is dead_code_elimination's business, not this pass's.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id4(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 1], contiguity=[True, None], dtype=DataType.Float, is_cpu=False)
    T1 = fd.define_tensor(shape=[4, 7], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T2 = fd.define_tensor(shape=[0, 8], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T3 = fd.ops.cat([T0, T1], dim=1, manual_padding=0)
    T4 = fd.ops.sum(T0, dims=[1], keepdim=False, dtype=DataType.Null)
    T5 = fd.ops.pad(T1, [0, 1])
    T6 = fd.ops.exp(T2)
    fd.add_output(T3)
    fd.add_output(T4)
    fd.add_output(T5)
    fd.add_output(T2)

with FusionDefinition() as fd:
    nvfuser_fusion_id4(fd)

inputs = [
    torch.testing.make_tensor((4, 1), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((4, 7), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((0, 8), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
