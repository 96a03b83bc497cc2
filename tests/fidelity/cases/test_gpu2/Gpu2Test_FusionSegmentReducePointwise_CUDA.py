# nvFuser tests/cpp/test_gpu2.cpp:2573 Gpu2Test.FusionSegmentReducePointwise_CUDA — outer max + non-broadcast add, then a broadcast add: exactly 2 groups
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[False, False], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[-1], contiguity=[False], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    T2 = fd.define_tensor(shape=[-1, -1], contiguity=[False, False], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    S3 = fd.define_scalar(1.00000, dtype=DataType.Double)
    T4 = fd.ops.add(T0, S3)
    T5 = fd.ops.max(T4, dims=[0], keepdim=False, dtype=DataType.Null)
    T6 = fd.ops.add(T5, T1)
    T7 = fd.ops.broadcast(T6, is_broadcast_dim=[True, False])
    T8 = fd.ops.add(T7, T2)
    fd.add_output(T8)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((128, 65), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((65,), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((128, 65), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
