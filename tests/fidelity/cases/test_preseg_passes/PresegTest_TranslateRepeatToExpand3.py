# nvFuser tests/cpp/test_preseg_passes.cpp:853 PresegTest.TranslateRepeatToExpand3 — self-cat on dim 1 then on dim 0; one pointwise kernel
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 8], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.ops.cat([T0, T0], dim=1, manual_padding=0)
    T2 = fd.ops.cat([T1, T1], dim=0, manual_padding=0)
    fd.add_output(T2)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((4, 8), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
