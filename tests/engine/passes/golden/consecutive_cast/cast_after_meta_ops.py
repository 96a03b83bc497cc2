# A narrowing cast after a meta op moves above it, so the meta op moves bf16 instead of
# float: reshape -> cast, permute -> cast and squeeze -> cast each become cast -> meta op.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id4(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 8], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.define_tensor(shape=[4, 1, 8], contiguity=[True, None, True], dtype=DataType.Float, is_cpu=False)
    T2 = fd.ops.reshape(T0, new_shape=[2, 16])
    T3 = fd.ops.cast(T2, dtype=DataType.BFloat16)
    T4 = fd.ops.permute(T0, dims=[1, 0])
    T5 = fd.ops.cast(T4, dtype=DataType.BFloat16)
    T6 = fd.ops.squeeze(T1, dims=[1], squeeze_expanded=False)
    T7 = fd.ops.cast(T6, dtype=DataType.Half)
    fd.add_output(T3)
    fd.add_output(T5)
    fd.add_output(T7)

with FusionDefinition() as fd:
    nvfuser_fusion_id4(fd)

inputs = [
    torch.testing.make_tensor((4, 8), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((4, 1, 8), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
