# nvFuser tests/cpp/test_layout_op.cpp:374 LayoutOpTest.GroupedBlockQuantizeOp — grouped block quantize (nvfp4) with the quantized output cast to float → one pointwise kernel
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[False, False], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[-1], contiguity=[False], dtype=DataType.Int32, is_cpu=False, stride_order=[0])
    T2 = fd.define_tensor(shape=[-1], contiguity=[False], dtype=DataType.Int32, is_cpu=False, stride_order=[0])
    T3, T4 = fd.ops.nv_grouped_block_quantize(T0, T1, T2, block_size=16, dtype=DataType.Float4_e2m1fn)
    T5 = fd.ops.cast(T3, dtype=DataType.Float)
    fd.add_output(T5)
    fd.add_output(T4)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((512, 144), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((3,), dtype=torch.int32, device='cuda:0'),
    torch.testing.make_tensor((3,), dtype=torch.int32, device='cuda:0'),
]
fd.execute(inputs)
