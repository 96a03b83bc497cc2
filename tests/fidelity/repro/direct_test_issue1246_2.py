# nvFuser tests/python/direct/test_repro.py:82 test_issue1246
# loop `for final_mul in [False, True]` unrolled: final_mul=True
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[1, -1, -1, -1], contiguity=[None, True, True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.define_tensor(shape=[1, -1, -1, -1], contiguity=[None, True, False, True], dtype=DataType.Float, is_cpu=False)
    S2 = fd.define_scalar(2.00000, dtype=DataType.Double)
    T3 = fd.ops.mul(T0, S2)
    T4 = fd.ops.cat([T3, T1], dim=-1)
    # unrolled: `final_mul` is True
    # NOTE: original repro does not have this final op
    S3 = fd.define_scalar(1.00000, dtype=DataType.Double)
    T5 = fd.ops.mul(T4, S3)
    fd.add_output(T5)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

inputs = [
    torch.randn((8388608,), dtype=torch.float32, device="cuda:0").as_strided((1, 32, 2048, 128), (8388608, 262144, 128, 1)),
    torch.randn((0,), dtype=torch.float32, device="cuda:0").as_strided((1, 32, 2048, 0), (8388608, 262144, 128, 1)),
]
fd.execute(inputs)
