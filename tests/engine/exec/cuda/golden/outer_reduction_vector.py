# segscope-codegen: column_vector=1
# Plain outer reductions with vector column loads (CodegenOptions::columnVector): a sum and a
# max over the rows of a half [4100, 96] input plus a float bias [96] read along the columns,
# in chunks of rows (partials) and a finish kernel with the epilogue.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Half, is_cpu=False, stride_order=[1, 0])
    T1 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float, is_cpu=False, stride_order=[0])
    T2 = fd.ops.cast(T0, dtype=DataType.Float)
    T3 = fd.ops.broadcast_in_dim(T1, shape=[4100, 96], broadcast_dims=[1])
    T4 = fd.ops.add(T2, T3)
    T5 = fd.ops.sum(T4, dims=[0], keepdim=False, dtype=DataType.Null)
    T6 = fd.ops.max(T2, dims=[0], keepdim=False, dtype=DataType.Null)
    T7 = fd.ops.mul(T5, T6)
    T8 = fd.ops.cast(T7, dtype=DataType.Half)
    fd.add_output(T8)
    fd.add_output(T6)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((4100, 96), dtype=torch.half, device='cuda:0'),
    torch.testing.make_tensor((96,), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
