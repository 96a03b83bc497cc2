# nvFuser tests/cpp/test_gpu2.cpp:2617 Gpu2Test.FusionSegmentReduceSoftmax_CUDA — inner sum then softmax over the other axis (fp64): exactly 2 groups
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1, -1], contiguity=[False, False, False], dtype=DataType.Double, is_cpu=False, stride_order=[2, 1, 0])
    S1 = fd.define_scalar(1.00000, dtype=DataType.Double)
    T2 = fd.ops.add(T0, S1)
    T3 = fd.ops.sum(T2, dims=[2], keepdim=False, dtype=DataType.Null)
    T4 = fd.ops.max(T3, dims=[1], keepdim=False, dtype=DataType.Null)
    T5 = fd.ops.broadcast(T4, is_broadcast_dim=[False, True])
    T6 = fd.ops.sub(T3, T5)
    T7 = fd.ops.exp(T6)
    T8 = fd.ops.sum(T7, dims=[1], keepdim=False, dtype=DataType.Null)
    T9 = fd.ops.broadcast(T8, is_broadcast_dim=[False, True])
    T10 = fd.ops.reciprocal(T9)
    T11 = fd.ops.mul(T7, T10)
    fd.add_output(T11)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((32, 64, 8), dtype=torch.float64, device='cuda:0'),
]
fd.execute(inputs)
