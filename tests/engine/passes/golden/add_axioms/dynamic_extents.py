# Fires: every undefined symbolic extent of a used tensor gets "extent > 0": the -1 dims
# of both inputs and the fresh extent that reshape(-1) creates. The reduction's output
# reuses T0.size0, which is recorded once.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float, is_cpu=False)
    T2 = fd.ops.sum(T0, dims=[1], keepdim=False, dtype=DataType.Null)
    T3 = fd.ops.add(T2, T1)
    T4 = fd.ops.reshape(T0, new_shape=[-1])
    fd.add_output(T3)
    fd.add_output(T4)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((8, 16), dtype=torch.float32, device='cuda:0'),
    torch.testing.make_tensor((8,), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
