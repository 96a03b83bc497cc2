# Outputs of one size but different shapes: T1 and its transposed flattening T3. The loop over T3
# computes T1 one to one (a permute and a reshape), so T1 is stored from that loop: one loop, not
# two, although T1 comes first among the outputs. T7, a shifted copy of T1 (slice + pad), is a
# resize segment of its own.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[64, 32], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    S1 = fd.define_scalar(2.00000, dtype=DataType.Double)
    T1 = fd.ops.mul(T0, S1)
    T2 = fd.ops.permute(T1, dims=[1, 0])
    T3 = fd.ops.reshape(T2, new_shape=[2048])
    T4 = fd.ops.reshape(T1, new_shape=[2048])
    T5 = fd.ops.slice(T4, start_indices=[1], end_indices=[2048], strides=[1], manual_normalization=0)
    S6 = fd.define_scalar(0.00000, dtype=DataType.Double)
    T6 = fd.ops.pad(T5, [0, 1], S6)
    T7 = fd.ops.reshape(T6, new_shape=[32, 64])
    fd.add_output(T1)
    fd.add_output(T3)
    fd.add_output(T7)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((64, 32), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
