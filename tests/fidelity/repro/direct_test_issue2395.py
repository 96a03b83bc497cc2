# nvFuser tests/python/direct/test_repro.py:1304 test_issue2395
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    cond0 = fd.define_tensor(shape=[-1, -1, -1], contiguity=[True, True, None], dtype=DataType.Bool, is_cpu=False, stride_order=[2, 1, 0])
    values = fd.define_tensor(shape=[-1, -1, -1], contiguity=[True, True, True], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    cond1 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Bool, is_cpu=False, stride_order=[1, 0])
    cond1 = fd.ops.broadcast_in_dim(cond1, shape=[16, 16, 32], broadcast_dims=[0, 1])
    sliced = fd.ops.slice(values, start_indices=[0, 0, 16], end_indices=[16, 16, 32], strides=[1, 1, 1])
    zero = fd.define_scalar(0.00000, dtype=DataType.Double)
    masked = fd.ops.where(cond1, zero, values)
    masked = fd.ops.where(cond0, zero, masked)
    fd.add_output(sliced)
    fd.add_output(masked)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.randint(0, 2, (256,), dtype=torch.bool, device="cuda:0").as_strided((16, 16, 32), (16, 1, 0)),
    torch.randn((8192,), dtype=torch.float32, device="cuda:0").as_strided((16, 16, 32), (512, 32, 1)),
    torch.randint(0, 2, (256,), dtype=torch.bool, device="cuda:0").as_strided((16, 16), (16, 1)),
]
fd.execute(inputs)
