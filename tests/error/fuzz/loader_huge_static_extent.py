# nvFuser tests/Type

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[5, 1, 9223372036854775807], contiguity=[False, None, False], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    T1 = fd.ops.sum(T0, dims=[1, 2], keepdim=False, dtype=DataType.Null)
    fd.add_output(T1)

with FusionDefiniti
    nvfuser_fusion_None :
    contiguitö_outping.make_tensor((0, 1, 9223372036854775807), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
