# nvFuser tests/cpp/test_preseg_passes.cpp:1061 PresegTest.FusionTestCastOptimizationMetaOp1 — cast->reshape(output)->cast is not segmented
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[2, 4], contiguity=[True, True], dtype=DataType.Float, is_cpu=False, stride_order=[1, 0])
    T1 = fd.ops.cast(T0, dtype=DataType.Double)
    T2 = fd.ops.reshape(T1, new_shape=[8])
    T3 = fd.ops.cast(T2, dtype=DataType.Float)
    fd.add_output(T2)
    fd.add_output(T3)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.testing.make_tensor((2, 4), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
