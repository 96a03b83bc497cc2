# Near misses: T4 adds a full-size [16] operand right after the repeat (its dim is neither
# repeated nor a broadcast), and the slice of T8 cuts the repeated dim itself (a resize), so
# neither repeat can move (nvFuser's MoveRepeatWithNonRepeatedInputs stops at such an add).
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[8], contiguity=[True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.define_tensor(shape=[16], contiguity=[True], dtype=DataType.Float, is_cpu=False)
    T2 = fd.ops.broadcast(T0, is_broadcast_dim=[True, False])
    T3 = fd.ops.expand(T2, shape=[2, 8])
    T4 = fd.ops.reshape(T3, new_shape=[16])
    T5 = fd.ops.add(T4, T1)
    fd.add_output(T5)
    T6 = fd.ops.broadcast(T0, is_broadcast_dim=[True, False])
    T7 = fd.ops.expand(T6, shape=[2, 8])
    T8 = fd.ops.reshape(T7, new_shape=[16])
    T9 = fd.ops.slice(T8, start_indices=[4], end_indices=[12], strides=[1])
    T10 = fd.ops.sin(T9)
    fd.add_output(T10)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((8,), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((16,), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
