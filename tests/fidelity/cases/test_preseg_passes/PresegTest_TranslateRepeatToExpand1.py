# nvFuser tests/cpp/test_preseg_passes.cpp:774 PresegTest.TranslateRepeatToExpand1 — cat({x, x}, -1) becomes expand+reshape; one pointwise kernel
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[32], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    T1 = fd.ops.cat([T0, T0], dim=-1, manual_padding=0)
    fd.add_output(T1)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((32,), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
