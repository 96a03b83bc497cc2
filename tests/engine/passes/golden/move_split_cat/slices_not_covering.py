# Near misses: slices with a gap ([0, 3) and [4, 8)), slices that also cut the other dim,
# a cat along a dim the slices do not split, different chains per piece (exp vs neg), and
# a slice with a second use: none of these cats is an undone split.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id3(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 8], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.ops.slice(T0, start_indices=[0, 0], end_indices=[4, 3], strides=[1, 1], manual_normalization=0)
    T2 = fd.ops.slice(T0, start_indices=[0, 4], end_indices=[4, 8], strides=[1, 1], manual_normalization=0)
    T3 = fd.ops.cat([T1, T2], dim=1, manual_padding=0)
    T4 = fd.ops.slice(T0, start_indices=[0, 0], end_indices=[2, 4], strides=[1, 1], manual_normalization=0)
    T5 = fd.ops.slice(T0, start_indices=[0, 4], end_indices=[2, 8], strides=[1, 1], manual_normalization=0)
    T6 = fd.ops.cat([T4, T5], dim=1, manual_padding=0)
    T7 = fd.ops.slice(T0, start_indices=[0, 0], end_indices=[4, 4], strides=[1, 1], manual_normalization=0)
    T8 = fd.ops.slice(T0, start_indices=[0, 4], end_indices=[4, 8], strides=[1, 1], manual_normalization=0)
    T9 = fd.ops.cat([T7, T8], dim=0, manual_padding=0)
    T10 = fd.ops.slice(T0, start_indices=[0, 0], end_indices=[4, 4], strides=[1, 1], manual_normalization=0)
    T11 = fd.ops.slice(T0, start_indices=[0, 4], end_indices=[4, 8], strides=[1, 1], manual_normalization=0)
    T12 = fd.ops.exp(T10)
    T13 = fd.ops.neg(T11)
    T14 = fd.ops.cat([T12, T13], dim=1, manual_padding=0)
    T15 = fd.ops.slice(T0, start_indices=[0, 0], end_indices=[4, 4], strides=[1, 1], manual_normalization=0)
    T16 = fd.ops.slice(T0, start_indices=[0, 4], end_indices=[4, 8], strides=[1, 1], manual_normalization=0)
    T17 = fd.ops.cat([T15, T16], dim=1, manual_padding=0)
    fd.add_output(T3)
    fd.add_output(T6)
    fd.add_output(T9)
    fd.add_output(T14)
    fd.add_output(T16)
    fd.add_output(T17)

with FusionDefinition() as fd:
    nvfuser_fusion_id3(fd)

inputs = [
    torch.testing.make_tensor((4, 8), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
