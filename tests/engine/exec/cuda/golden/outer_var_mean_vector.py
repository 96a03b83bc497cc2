# segscope-codegen: column_vector_welford=1
# Outer statistics with vector column loads (CodegenOptions::columnVectorWelford): var_mean over
# the rows of a bfloat16 [4100, 96] input, each thread's eight columns kept as shifted sums and
# merged per column, in chunks of rows (mean and M2 partials) and a finish kernel that combines
# them by Chan's formula and casts.
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False, stride_order=[1, 0])
    T1 = fd.ops.cast(T0, dtype=DataType.Float)
    T2, T3 = fd.ops.var_mean(T1, dims=[0], correction=1, keepdim=False)
    T4 = fd.ops.cast(T2, dtype=DataType.BFloat16)
    fd.add_output(T4)
    fd.add_output(T3)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((4100, 96), dtype=torch.bfloat16, device='cuda:0'),
]
fd.execute(inputs)
