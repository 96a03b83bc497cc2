# float -> half -> float -> bf16: half and bf16 cannot hold each other's values, so both
# casts stay (float -> half -> bf16); only the widening half -> float step is dropped.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id2(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 8], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.ops.cast(T0, dtype=DataType.Half)
    T2 = fd.ops.cast(T1, dtype=DataType.Float)
    T3 = fd.ops.cast(T2, dtype=DataType.BFloat16)
    fd.add_output(T3)

with FusionDefinition() as fd:
    nvfuser_fusion_id2(fd)

inputs = [
    torch.testing.make_tensor((4, 8), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
