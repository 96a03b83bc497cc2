"""nvfuser_fusion_id11 from rope.py as plain PyTorch, written by `segscope-cli export-torch`.

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
OUTPUTS = ["T65"]
# Outputs computed from random ops: PyTorch's generator is not ours, so the check
# compares only their shapes and dtypes.
NOT_COMPARABLE = []
DATA_DIR = None  # what `python3 THIS_FILE.py` checks without arguments


def fusion(T0, T1, T2, *, device=None):
    device = T0.device if device is None else device
    T8 = T0.reshape([2, 1024, 8, 128])  # L14: T8 = fd.ops.reshape(T0, new_shape=[2, 1024, 8, 128])
    T9 = T8.permute([0, 2, 1, 3])  # L15: T9 = fd.ops.permute(T8, dims=[0, 2, 1, 3])
    T25 = T9[:, :, :, 0:64]  # L16: T25 = fd.ops.slice(T9, start_indices=[0, 0, 0, 0], end_indices=[2, 8, 1024, 64], strides=[1, 1, 1, 1], manual_normalization=0)
    T41 = T9[:, :, :, 64:128]  # L17: T41 = fd.ops.slice(T9, start_indices=[0, 0, 0, 64], end_indices=[2, 8, 1024, 128], strides=[1, 1, 1, 1], manual_normalization=0)
    T42 = T41.to(torch.float32)  # L18: T42 = fd.ops.cast(T41, dtype=DataType.Float)
    T43 = torch.neg(T42)  # L19: T43 = fd.ops.neg(T42)
    T44 = T43.to(torch.bfloat16)  # L20: T44 = fd.ops.cast(T43, dtype=DataType.BFloat16)
    T45 = torch.cat([T44, T25], dim=3)  # L21: T45 = fd.ops.cat([T44, T25], dim=-1, manual_padding=0)
    T51 = T1[None, None, :, :].expand([2, 8, 1024, 128])  # L22: T51 = fd.ops.broadcast_in_dim(T1, shape=[2, 8, 1024, 128], broadcast_dims=[2, 3])
    T52 = T9.to(torch.float32)  # L23: T52 = fd.ops.cast(T9, dtype=DataType.Float)
    T53 = T51.to(torch.float32)  # L24: T53 = fd.ops.cast(T51, dtype=DataType.Float)
    T54 = torch.mul(T52, T53)  # L25: T54 = fd.ops.mul(T52, T53)
    T60 = T2[None, None, :, :].expand([2, 8, 1024, 128])  # L26: T60 = fd.ops.broadcast_in_dim(T2, shape=[2, 8, 1024, 128], broadcast_dims=[2, 3])
    T61 = T45.to(torch.float32)  # L27: T61 = fd.ops.cast(T45, dtype=DataType.Float)
    T62 = T60.to(torch.float32)  # L28: T62 = fd.ops.cast(T60, dtype=DataType.Float)
    T63 = torch.mul(T61, T62)  # L29: T63 = fd.ops.mul(T61, T62)
    T64 = torch.add(T54, T63)  # L30: T64 = fd.ops.add(T54, T63)
    T65 = T64.to(torch.bfloat16)  # L31: T65 = fd.ops.cast(T64, dtype=DataType.BFloat16)
    return (T65,)

