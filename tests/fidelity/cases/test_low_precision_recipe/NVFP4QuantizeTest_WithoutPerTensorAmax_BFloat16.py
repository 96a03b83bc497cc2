# nvFuser tests/cpp/test_low_precision_recipe.cpp:445 NVFP4QuantizeTest.WithoutPerTensorAmax — hand-written NVFP4 block quantization of a BFloat16 [1024,1024] input → ExprEval + InnerPersistent
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    S1 = fd.ops.size(T0, dim=0)
    S2 = fd.ops.size(T0, dim=1)
    T3 = fd.ops.reshape(T0, new_shape=[S1, -1, 16])
    T4 = fd.ops.cast(T3, dtype=DataType.Float)
    T5 = fd.ops.abs(T4)
    T6 = fd.ops.max(T5, dims=[2], keepdim=False, dtype=DataType.Null)
    S7 = fd.define_scalar(0.166667, dtype=DataType.Float)
    T8 = fd.ops.mul(T6, S7)
    T9 = fd.ops.cast(T8, dtype=DataType.Float8_e4m3fn)
    T10 = fd.ops.cast(T9, dtype=DataType.Float)
    T11 = fd.ops.reciprocal(T10)
    T12 = fd.ops.broadcast(T11, is_broadcast_dim=[False, False, True])
    T13 = fd.ops.mul(T4, T12)
    T14 = fd.ops.cast(T13, dtype=DataType.Float4_e2m1fn)
    T15 = fd.ops.reshape(T14, new_shape=[S1, S2])
    fd.add_output(T9)
    fd.add_output(T15)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
]
fd.execute(inputs)
