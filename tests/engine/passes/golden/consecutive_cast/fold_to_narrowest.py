# bf16 -> float -> double -> float -> half: every widening step is dropped and the chain
# folds to one cast(T0, Half). The second chain float -> bf16 -> double -> float keeps
# its lossy bf16 anchor: it folds to float -> bf16 -> float.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id1(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 8], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1 = fd.define_tensor(shape=[4, 8], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T2 = fd.ops.cast(T0, dtype=DataType.Float)
    T3 = fd.ops.cast(T2, dtype=DataType.Double)
    T4 = fd.ops.cast(T3, dtype=DataType.Float)
    T5 = fd.ops.cast(T4, dtype=DataType.Half)
    T6 = fd.ops.cast(T1, dtype=DataType.BFloat16)
    T7 = fd.ops.cast(T6, dtype=DataType.Double)
    T8 = fd.ops.cast(T7, dtype=DataType.Float)
    fd.add_output(T5)
    fd.add_output(T8)

with FusionDefinition() as fd:
    nvfuser_fusion_id1(fd)

inputs = [
    torch.testing.make_tensor((4, 8), dtype=torch.bfloat16, device='cuda:0'),
    torch.testing.make_tensor((4, 8), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
