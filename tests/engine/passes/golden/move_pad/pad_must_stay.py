# Near misses: a pad with value 1.0 (only a zero pad commutes with relu), a zero pad after exp
# (exp(0) == 1), a pad with a negative width (a crop), a zero pad whose input has another
# use, and two pads where the inner one pads with -1.0.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id2(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 6], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    S1 = fd.define_scalar(1.00000, dtype=DataType.Double)
    S2 = fd.define_scalar(-1.00000, dtype=DataType.Double)
    T3 = fd.ops.relu(T0)
    T4 = fd.ops.pad(T3, [1, 1], S1)
    T5 = fd.ops.exp(T0)
    T6 = fd.ops.pad(T5, [1, 1])
    T7 = fd.ops.neg(T0)
    T8 = fd.ops.pad(T7, [-1, 2])
    T9 = fd.ops.abs(T0)
    T10 = fd.ops.pad(T9, [2, 0])
    T11 = fd.ops.pad(T0, [1, 1], S2)
    T12 = fd.ops.pad(T11, [1, 1])
    fd.add_output(T4)
    fd.add_output(T6)
    fd.add_output(T8)
    fd.add_output(T9)
    fd.add_output(T10)
    fd.add_output(T12)

with FusionDefinition() as fd:
    nvfuser_fusion_id2(fd)

inputs = [
    torch.testing.make_tensor((4, 6), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
