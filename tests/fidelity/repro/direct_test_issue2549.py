# nvFuser tests/python/direct/test_repro.py:1469 test_issue2549
# a.shape/a.stride() and b.shape/b.stride() of the test's input tensors a=torch.ones(4, 1), b=torch.ones(4, 4) inlined
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(sizes=[4, 1], strides=[1, 1], dtype=DataType.Double, is_cpu=False)
    T1 = fd.define_tensor(sizes=[4, 4], strides=[4, 1], dtype=DataType.Double, is_cpu=False)
    T2 = fd.ops.broadcast_in_dim(T0, shape=[4, 4], broadcast_dims=[0, 1])
    T3 = fd.ops.div(T1, T2)
    fd.add_output(T3)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.ones(4, 1, dtype=torch.double, device="cuda"),
    torch.ones(4, 4, dtype=torch.double, device="cuda"),
]
fd.execute(inputs)
