"""nvfuser_fusion_id1 from layer_norm_fwd.py as plain PyTorch, written by `segscope-cli export-torch`.

fusion(*inputs) returns the fusion's outputs in order; each statement's comment quotes
the repro-script line it comes from. Check it against Segscope's CPU reference with a
data directory written by `segscope-cli export-torch FILE --data DIR`:

    python3 THIS_FILE.py [DIR [DEVICE]]   # exit 0: every output agrees, 1: a mismatch
"""
import ast
import json
import math
import os
import struct
import sys

import torch
import torch.nn.functional as F

INPUTS = ["T0", "T1", "T2"]
OUTPUTS = ["T39", "T5", "T16"]
# Outputs computed from random ops: PyTorch's generator is not ours, so the check
# compares only their shapes and dtypes.
NOT_COMPARABLE = []
DATA_DIR = None  # what `python3 THIS_FILE.py` checks without arguments


def fusion(T0, T1, T2, *, device=None):
    device = T0.device if device is None else device
    T3 = T0.to(torch.float32)  # L13: T3 = fd.ops.cast(T0, dtype=DataType.Float)
    T4, T5 = torch.var_mean(T3, dim=[1], correction=0, keepdim=False)  # L14: T4, T5 = fd.ops.var_mean(T3, dims=[1], correction=0, keepdim=False)
    T9 = T4[:, None].expand([2048, 1])  # L15: T9 = fd.ops.broadcast_in_dim(T4, shape=[2048, 1], broadcast_dims=[0])
    T13 = T5[:, None].expand([2048, 1])  # L16: T13 = fd.ops.broadcast_in_dim(T5, shape=[2048, 1], broadcast_dims=[0])
    S14 = 1e-05  # L17: S14 = fd.define_scalar(1.00000e-05, dtype=DataType.Double)
    T15 = torch.add(T9, S14)  # L18: T15 = fd.ops.add(T9, S14)
    T16 = torch.rsqrt(T15)  # L19: T16 = fd.ops.rsqrt(T15)
    T20 = T13.expand([2048, 4096])  # L20: T20 = fd.ops.broadcast_in_dim(T13, shape=[2048, 4096], broadcast_dims=[0, 1])
    T21 = torch.sub(T3, T20)  # L21: T21 = fd.ops.sub(T3, T20)
    T25 = T16.expand([2048, 4096])  # L22: T25 = fd.ops.broadcast_in_dim(T16, shape=[2048, 4096], broadcast_dims=[0, 1])
    T26 = torch.mul(T21, T25)  # L23: T26 = fd.ops.mul(T21, T25)
    T30 = T1[None, :].expand([2048, 4096])  # L24: T30 = fd.ops.broadcast_in_dim(T1, shape=[2048, 4096], broadcast_dims=[1])
    T31 = T30.to(torch.float32)  # L25: T31 = fd.ops.cast(T30, dtype=DataType.Float)
    T32 = torch.mul(T26, T31)  # L26: T32 = fd.ops.mul(T26, T31)
    T36 = T2[None, :].expand([2048, 4096])  # L27: T36 = fd.ops.broadcast_in_dim(T2, shape=[2048, 4096], broadcast_dims=[1])
    T37 = T36.to(torch.float32)  # L28: T37 = fd.ops.cast(T36, dtype=DataType.Float)
    T38 = torch.add(T32, T37)  # L29: T38 = fd.ops.add(T32, T37)
    T39 = T38.to(torch.bfloat16)  # L30: T39 = fd.ops.cast(T38, dtype=DataType.BFloat16)
    return (T39, T5, T16)

