import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.from_pytorch(t0)
    T1 = fd.ops.neg(T0)
    fd.add_output(T1)
