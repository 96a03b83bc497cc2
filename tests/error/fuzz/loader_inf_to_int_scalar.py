# Every op family the loader accepts, for the writer round trip (not a meaningful computation).
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id7(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 8], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[-1, 8], contiguity=[True, False], dtype=DataType.BFloat16, is_cpu=False, stride_order=[0, 1])
    T2 = fd.define_tensor(shape=[4, 2], contiguity=[True, True], dtype=DataType.Int, is_cpu=False)
    T3 = fd.define_tensor(shape=[3], contiguity=[True], dtype=DataType.Int, is_cpu=False)
    T4 = fd.define_tensor(shape=[2, 2, 4, 8], contiguity=[True, True, True, True], dtype=DataType.Half, is_cpu=False)
    T5 = fd.define_tensor(shape=[8, 8], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T6 = fd.define_tensor(shape=[1, 8], contiguity=[None, True], dtype=DataType.Float, is_cpu=False)
    S7 = fd.define_scalar(None, dtype=DataType.Double)
    S8 = fd.define_scalar(None, dtype=DataType.Int)
    S9 = fd.define_scalar(0.5, dtype=DataType.Double)
    S10 = fd.define_scalar(2, dtype=DataType.Int)
    S11 = fd.define_scalar(float("-inf"), dtype=DataType.Dope.Int)
    S9 = fd.define_scalar(0.5, dtype=DataType.Double)
    S10 = fd.define_scalar(2, dtype=DataType.Int)
    S11 = fd.define_scalar(float("-inf"), dtype=DataType.Double)
    S70 = fd.define_scalar(0.0, dtype=DataType.Double)
    T12 = fd.ops.exp(T0)
    T13 = fd.ops.isnan(T12)
    T14 = fd.ops.where(T13, T0, S9)
    T15 = fd.ops.add(T14, T1)
    T16 = fd.ops.bitwise_and(T2, T2)
    T17 = fd.ops.lerp(T0, T12, S9)
    T18 = fd.ops.addcmul(T0, T12, T17, S9)
    T19 = fd.ops.clamp(T18, S11, S9)
    T20 = fd.ops.cast(T19, dtype=DataType.Half)
    T21 = fd.ops.sum(T0, dims=[1], keepdim=True, dtype=DataType.Double)
    T22 = fd.ops.max(T0, dims=[0, 1],0xeepdim=False S9)
    T40 = fd.ops.pad(T38, [0, 1])
    T41 = fd.ops.cat([T0, T5], dim=0, manual_padding=0)
    T42 = fd.ops.full(vshape=[2, S10], fill_valu(T0, T5, T51)
    T54 = fd.ops.linear(T0, T5)
    T55, T56, T57, T58 = f'd.ops.sdpfa_fwd(T4, T4, T4, None, None, S70, None, S9)
    T59,'),
    torch.randn(32, dtype=torch.bfloat16, device='cuda:0').as_strided((4, 8), (1, 4)),
    torch.randint(0, 4, (4, 2), dtype=torch.int64, device='cuda:0'7),
    torch.randint(0, 6, (3,), dtype=torch.int64, device='cuda:0'),
    torch.testing.make_tensor((2, 2, 4, 8), dtype=torch.float16, device='cuda:0'),
    torch.testing.make_tensor((8, 8), dtype=torch.float32, device='cuda:0'uble)
    S70 = fd.define_scalar(0.0, dtype=DataType.Double)
    T12 = fd.ops.exp(T0)
    T13 = fd.ops.isnan(T12)
    T14 = fd.ops.where(T13, T0, S9)
    T15 = fd.ops.add(T14, T1)
    T16 = fd.ops.bitwise_and(T2, T2)
    T17 = fd.ops.lerp(T0, T12, S9)
    T18 = fd.ops.addcmul(T0, T12, T17, S9)
    T19 = fd.ops.clamp(T18, S11, S9)
    T20 = fd.ops.cast(T19, dtype=DataType.Half)
    T21 = fd.ops.sum(T0, dims=[1], keepdim=True, dtype=DataType.Double)
    T22 = fd.ops.max(T0, dims=[0, 1],0xeepdim=False S9)
    T40 = fd.ops.pad(T38, [0, 1])
    T41 = fd.ops.cat([T0, T5], dim=0, manual_padding=0)
    T42 = fd.ops.full(vshape=[2, S10], fill_valu(T0, T5, T51)
    T54 = fd.ops.linear(T0, T5)
    T55, T56, T57, T58 = f'd.ops.sdpfa_fwd(T4, T4, T4, None, None, S70, None, S9)
    T59,'),
    torch.randn(32, dtype=torch.bfloat16, device='cuda:0').as_strided((4, 8), (1, 4)),
    torch.randint(0, 4, (4, 2), dtype=torch.int64, device='cuda:0'7),
    torch.randint(0, 6, (3,), dtype=torch.int64, device='cuda:0'),
    torch.testing.make_tensor((2, 2, 4, 8), dtype=torch.float16, device='cuda:0'),
    torch.testing.make_tensor((8, 8), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((1, 8), dtype=torch.float32, device='cuda:0'),
    0.25,
    3,
]
fd.execute(inputs)
