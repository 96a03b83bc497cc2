# nvFuser tests/cpp/test_layout_op.cpp:272 LayoutOpTest.SchedulerKernelWithExplicitQuantizationPattern — block amax quantization pattern (inner persistent) plus preprocess_grouped_matmul_input_sf on the block scales (ExprEval)
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[False, False], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[-1], contiguity=[False], dtype=DataType.Int32, is_cpu=False, stride_order=[0])
    T2 = fd.define_tensor(shape=[-1], contiguity=[False], dtype=DataType.Int32, is_cpu=False, stride_order=[0])
    S3 = fd.ops.size(T0, dim=0)
    S4 = fd.ops.size(T0, dim=1)
    T5 = fd.ops.reshape(T0, new_shape=[S3, -1, 16])
    T6 = fd.ops.max(T5, dims=[2], keepdim=False, dtype=DataType.Null)
    T7 = fd.ops.broadcast(T6, is_broadcast_dim=[False, False, True])
    T8 = fd.ops.div(T5, T7)
    T9 = fd.ops.reshape(T8, new_shape=[S3, S4])
    T10 = fd.ops.preprocess_grouped_matmul_input_sf(T6, T1, T2)
    fd.add_output(T9)
    fd.add_output(T10)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((512, 144), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((3,), dtype=torch.int32, device='cuda:0'),
    torch.testing.make_tensor((3,), dtype=torch.int32, device='cuda:0'),
]
fd.execute(inputs)
