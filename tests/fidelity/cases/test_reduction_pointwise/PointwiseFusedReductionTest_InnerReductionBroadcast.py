# nvFuser tests/cpp/test_reduction_pointwise.cpp:122 PointwiseFusedReductionTest.InnerReductionBroadcast — inner reduction + broadcast epilogue (no persistent buffer) cannot be one reduction kernel
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T2 = fd.ops.sum(T0, dims=[1], keepdim=False, dtype=DataType.Null)
    T3 = fd.ops.broadcast(T2, is_broadcast_dim=[False, True])
    T4 = fd.ops.add(T3, T1)
    fd.add_output(T4)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((8192, 1024), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((8192, 1024), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
