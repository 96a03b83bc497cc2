# nvFuser tests/cpp/test_gpu3.cpp:6023 Gpu3Test.FusionAvoidRedundantWriteDifferentConcretizedDomains_CUDA — a broadcast output concretized to two different shapes by two reductions is segmented
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[False, False], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[-1, -1, -1, -1], contiguity=[False, False, False, False], dtype=DataType.Float, is_cpu=False, stride_order=[3, 2, 1, 0])
    T2 = fd.define_tensor(shape=[-1, -1, -1, -1], contiguity=[False, False, False, False], dtype=DataType.Float, is_cpu=False, stride_order=[3, 2, 1, 0])
    T3 = fd.ops.broadcast(T0, is_broadcast_dim=[True, False, True, False])
    S4 = fd.define_scalar(1.00000, dtype=DataType.Double)
    T5 = fd.ops.add(T3, S4)
    T6 = fd.ops.add(T5, T1)
    T7 = fd.ops.add(T5, T2)
    T8 = fd.ops.sum(T6, dims=[3], keepdim=False, dtype=DataType.Null)
    T9 = fd.ops.sum(T7, dims=[3], keepdim=False, dtype=DataType.Null)
    fd.add_output(T5)
    fd.add_output(T8)
    fd.add_output(T9)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((64, 2048), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((2, 64, 128, 2048), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((4, 64, 256, 2048), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
