# nvFuser tests/cpp/test_reduction_pointwise.cpp:73 PointwiseFusedReductionTest.OuterReductionNonBroadcast — outer reduction + non-broadcast epilogue is one reduction kernel
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    T2 = fd.ops.sum(T0, dims=[0], keepdim=False, dtype=DataType.Null)
    T3 = fd.ops.add(T2, T1)
    fd.add_output(T3)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((8192, 1024), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((1024,), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
