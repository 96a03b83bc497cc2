# nvFuser tests/cpp/test_translate_mma.cpp:471 LinearNodeTranslationTest.AutomaticSchedulerLinearNode — linear + sin + cast epilogue, FuseMatmul on (3dA_2dB): one group, Matmul
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1, -1], contiguity=[True, True, True], dtype=DataType.Half, is_cpu=False, stride_order=[2, 1, 0])
    T1 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Half, is_cpu=False, stride_order=[1, 0])
    T3 = fd.ops.linear(T0, T1)
    T4 = fd.ops.sin(T3)
    T5 = fd.ops.cast(T4, dtype=DataType.Half)
    fd.add_output(T5)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((3, 504, 248), dtype=torch.float16, device='cuda:0'),
    torch.testing.make_tensor((136, 248), dtype=torch.float16, device='cuda:0'),
]
fd.execute(inputs, _enable_options=["fuse_matmul"])
