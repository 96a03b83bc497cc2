import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[4], contiguity=[True], dtype=DataType.Float, is_cpu=False)
    for i in range(3):
        T0 = fd.ops.neg(T0)
    fd.add_output(T0)
