# CUDA devices:
#  0: NVIDIA H100 80GB HBM3
# torch version: 2.6.0+cu126
# cuda version: 12.6
# nvfuser version: 0.2.27+git4e1c2a9
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id2(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[512, 8000], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[512], contiguity=[True], dtype=DataType.Int, is_cpu=False, stride_order=[0])
    T2 = fd.ops.cast(T0, dtype=DataType.Float)
    T3 = fd.ops.max(T2, dims=[1], keepdim=False, dtype=DataType.Null)
    T4 = fd.ops.broadcast_in_dim(T1, shape=[512, 1], broadcast_dims=[0])
    T5 = fd.ops.take_along_axis(T2, T4, dim=1)
    T6 = fd.ops.squeeze(T5, dims=[1], squeeze_expanded=False)
    T7 = fd.ops.sub(T6, T3)
    fd.add_output(T7)

with FusionDefinition() as fd:
    nvfuser_fusion_id2(fd)

inputs = [
    torch.testing.make_tensor((512, 8000), dtype=torch.bfloat16, device='cuda:0'),
    torch.randint(0, 8000, (512,), dtype=torch.int64, device='cuda:0'),
]
fd.execute(inputs)
