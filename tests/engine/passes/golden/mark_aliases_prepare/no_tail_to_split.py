# Fires once: the permute T2 is an output but also feeds mul, so it counts as compute (no
# over-segmenting); T4 is a view of the input T0, which exp also reads, so a segment_set
# goes after T0 for the reshape alone (nvFuser skips an input only when every use of it is
# in a view tail, csrc/preseg_passes/mark_aliases_prepare.cpp:74-82); T6 is a view of T5,
# which a segment_set already defines.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 8], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.ops.exp(T0)
    T2 = fd.ops.permute(T1, dims=[1, 0])
    S3 = fd.define_scalar(2.00000, dtype=DataType.Double)
    T3 = fd.ops.mul(T2, S3)
    T4 = fd.ops.reshape(T0, new_shape=[32])
    T5 = fd.ops.segment_set(T1)
    T6 = fd.ops.reshape(T5, new_shape=[2, 16])
    fd.add_output(T2)
    fd.add_output(T3)
    fd.add_output(T4)
    fd.add_output(T6)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((4, 8), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
