import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[64, 32], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.define_tensor(shape=[16, 2], contiguity=[True, True], dtype=DataType.Int, is_cpu=False)
    T2 = fd.ops.index_select(T0, T1, dim=0)
    fd.add_output(T2)
