import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4, 8], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    S1 = fd.define_scalar(2.00000, dtype=DataType.Double)
    T2 = fd.ops.sum(S1, dims=[0], keepdim=False, dtype=DataType.Null)
    fd.add_output(T2)
