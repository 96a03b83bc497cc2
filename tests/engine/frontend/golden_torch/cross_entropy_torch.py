"""nvfuser_fusion_id7 from cross_entropy.py as plain PyTorch, written by `segscope-cli export-torch`.

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

INPUTS = ["T0", "T1"]
OUTPUTS = ["T34", "T24"]
# Outputs computed from random ops: PyTorch's generator is not ours, so the check
# compares only their shapes and dtypes.
NOT_COMPARABLE = []
DATA_DIR = None  # what `python3 THIS_FILE.py` checks without arguments


def fusion(T0, T1, *, device=None):
    device = T0.device if device is None else device
    T2 = T0.to(torch.float32)  # L12: T2 = fd.ops.cast(T0, dtype=DataType.Float)
    T3 = torch.amax(T2, dim=[1], keepdim=False)  # L13: T3 = fd.ops.max(T2, dims=[1], keepdim=False, dtype=DataType.Null)
    T7 = T3[:, None].expand([2048, 1])  # L14: T7 = fd.ops.broadcast_in_dim(T3, shape=[2048, 1], broadcast_dims=[0])
    T11 = T7.expand([2048, 1000])  # L15: T11 = fd.ops.broadcast_in_dim(T7, shape=[2048, 1000], broadcast_dims=[0, 1])
    T12 = torch.sub(T2, T11)  # L16: T12 = fd.ops.sub(T2, T11)
    T13 = torch.exp(T12)  # L17: T13 = fd.ops.exp(T12)
    T14 = torch.sum(T13, dim=[1], keepdim=False, dtype=torch.float32)  # L18: T14 = fd.ops.sum(T13, dims=[1], keepdim=False, dtype=DataType.Null)
    T15 = torch.log(T14)  # L19: T15 = fd.ops.log(T14)
    T19 = T15[:, None].expand([2048, 1])  # L20: T19 = fd.ops.broadcast_in_dim(T15, shape=[2048, 1], broadcast_dims=[0])
    T23 = T19.expand([2048, 1000])  # L21: T23 = fd.ops.broadcast_in_dim(T19, shape=[2048, 1000], broadcast_dims=[0, 1])
    T24 = torch.sub(T12, T23)  # L22: T24 = fd.ops.sub(T12, T23)
    T28 = T1[:, None].expand([2048, 1])  # L23: T28 = fd.ops.broadcast_in_dim(T1, shape=[2048, 1], broadcast_dims=[0])
    T29 = torch.take_along_dim(T24, T28, dim=1)  # L24: T29 = fd.ops.take_along_axis(T24, T28, dim=1)
    T30 = torch.neg(T29)  # L25: T30 = fd.ops.neg(T29)
    T31 = T30[:, 0]  # L26: T31 = fd.ops.squeeze(T30, dims=[1], squeeze_expanded=False)
    T32 = torch.sum(T31, dim=[0], keepdim=False, dtype=torch.float32)  # L27: T32 = fd.ops.sum(T31, dims=[0], keepdim=False, dtype=DataType.Null)
    S33 = 2048.0  # L28: S33 = fd.define_scalar(2048.00, dtype=DataType.Double)
    T34 = torch.div(T32, S33)  # L29: T34 = fd.ops.div(T32, S33)
    return (T34, T24)

