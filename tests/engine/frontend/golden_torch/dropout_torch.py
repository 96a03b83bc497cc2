"""nvfuser_fusion_id9 from dropout.py as plain PyTorch, written by `segscope-cli export-torch`.

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

INPUTS = ["T0", "S1"]
OUTPUTS = ["T14", "T10"]
# Outputs computed from random ops: PyTorch's generator is not ours, so the check
# compares only their shapes and dtypes.
NOT_COMPARABLE = ["T14", "T10"]
DATA_DIR = None  # what `python3 THIS_FILE.py` checks without arguments


def _t(value, dtype, device):
    """A Python scalar as a 0-dim tensor, for torch functions that take tensors only."""
    return torch.tensor(value, dtype=dtype, device=device)


def fusion(T0, S1, *, device=None):
    device = T0.device if device is None else device
    S2 = 0.0  # L12: S2 = fd.define_scalar(0.00000, dtype=DataType.Double)
    S3 = 1.0  # L13: S3 = fd.define_scalar(1.00000, dtype=DataType.Double)
    T7 = torch.rand([4096, 1024], dtype=torch.float32, device=device) * (S3 - S2) + S2  # L14: T7 = fd.ops.uniform(S2, S3, shape=[4096, 1024], dtype=DataType.Float)
    S8 = 1.0  # L15: S8 = fd.define_scalar(1.00000, dtype=DataType.Double)
    S9 = S8 - S1  # L16: S9 = fd.ops.sub(S8, S1)
    T10 = torch.lt(T7, S9)  # L17: T10 = fd.ops.lt(T7, S9)
    S11 = 0.0  # L18: S11 = fd.define_scalar(0.00000, dtype=DataType.Double)
    T12 = torch.where(T10, T0, _t(S11, torch.float32, device))  # L19: T12 = fd.ops.where(T10, T0, S11)
    S13 = torch.reciprocal(_t(S9, torch.float64, device)).item()  # L20: S13 = fd.ops.reciprocal(S9)
    T14 = torch.mul(T12, S13)  # L21: T14 = fd.ops.mul(T12, S13)
    return (T14, T10)

