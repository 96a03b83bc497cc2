#!/usr/bin/env python3
"""Writes a synthetic but realistic nvFuser repro script of about N ops (deterministic by seed).

Blocks of a transformer layer on [tokens, hidden] tensors: LayerNorm / RMSNorm, a softmax over
a reshaped [tokens, heads, head_dim] view, RoPE-style slices and cat, GELU or SwiGLU epilogues,
casts between bf16 and float, residual adds and a host scalar chain (Adam-like corrections).
Used by the segmenter tests, the trace demo and the benchmarks:

    bench/make_fusion.py --ops 200 --seed 1 > /tmp/f200.py
    segscope-cli segment /tmp/f200.py

Shapes (--shape):
  mixed       the blocks above in random order; hundreds of small segments (the default)
  norm_stack  a residual stack of LayerNorm + GELU blocks over one activation: every reduction
              is on the row axis, so the whole fusion is one inner-persistent segment
"""
import argparse
import random


class Writer:
    def __init__(self, rng, tokens, hidden, heads):
        self.rng, self.tokens, self.hidden, self.heads = rng, tokens, hidden, heads
        self.lines, self.t, self.s, self.ops = [], 0, 0, 0
        self.inputs = []

    def tensor(self, expr):
        name = f"T{self.t}"
        self.t += 1
        self.lines.append(f"    {name} = {expr}")
        self.ops += 1
        return name

    def scalar(self, expr):
        name = f"S{self.s}"
        self.s += 1
        self.lines.append(f"    {name} = {expr}")
        if not expr.startswith("fd.define_scalar"):
            self.ops += 1
        return name

    def input(self, shape, dtype):
        name = f"T{self.t}"
        self.t += 1
        contiguity = ", ".join("True" for _ in shape)
        self.lines.append(f"    {name} = fd.define_tensor(shape=[{', '.join('-1' for _ in shape)}], "
                          f"contiguity=[{contiguity}], dtype=DataType.{dtype}, is_cpu=False)")
        torch_dtype = {"BFloat16": "torch.bfloat16", "Float": "torch.float32"}[dtype]
        self.inputs.append(f"    torch.randn({tuple(shape)}, dtype={torch_dtype}, device='cuda:0'),")
        return name

    def layer_norm(self, x, rms):
        xf = self.tensor(f"fd.ops.cast({x}, dtype=DataType.Float)")
        w = self.input([self.hidden], "BFloat16")
        if rms:
            sq = self.tensor(f"fd.ops.mul({xf}, {xf})")
            ms = self.tensor(f"fd.ops.sum({sq}, dims=[1], keepdim=False, dtype=DataType.Null)")
            ms = self.tensor(f"fd.ops.div({ms}, {float(self.hidden)})")
            norm_in = xf
        else:
            var, mean = f"T{self.t}", f"T{self.t + 1}"
            self.t += 2
            self.ops += 1
            self.lines.append(f"    {var}, {mean} = fd.ops.var_mean({xf}, dims=[1], correction=0, keepdim=False)")
            mb = self.tensor(f"fd.ops.broadcast_in_dim({mean}, shape=[{self.tokens}, 1], broadcast_dims=[0])")
            norm_in = self.tensor(f"fd.ops.sub({xf}, {mb})")
            ms = var
        eps = self.tensor(f"fd.ops.add({ms}, 1e-05)")
        r = self.tensor(f"fd.ops.rsqrt({eps})")
        rb = self.tensor(f"fd.ops.broadcast_in_dim({r}, shape=[{self.tokens}, 1], broadcast_dims=[0])")
        y = self.tensor(f"fd.ops.mul({norm_in}, {rb})")
        wf = self.tensor(f"fd.ops.cast({w}, dtype=DataType.Float)")
        wb = self.tensor(f"fd.ops.broadcast_in_dim({wf}, shape=[{self.tokens}, {self.hidden}], broadcast_dims=[1])")
        y = self.tensor(f"fd.ops.mul({y}, {wb})")
        return self.tensor(f"fd.ops.cast({y}, dtype=DataType.BFloat16)")

    def softmax_heads(self, x):
        hd = self.hidden // self.heads
        xf = self.tensor(f"fd.ops.cast({x}, dtype=DataType.Float)")
        v = self.tensor(f"fd.ops.reshape({xf}, new_shape=[{self.tokens}, {self.heads}, {hd}])")
        m = self.tensor(f"fd.ops.max({v}, dims=[2], keepdim=False, dtype=DataType.Null)")
        mb = self.tensor(f"fd.ops.broadcast_in_dim({m}, shape=[{self.tokens}, {self.heads}, 1], broadcast_dims=[0, 1])")
        d = self.tensor(f"fd.ops.sub({v}, {mb})")
        e = self.tensor(f"fd.ops.exp({d})")
        s = self.tensor(f"fd.ops.sum({e}, dims=[2], keepdim=False, dtype=DataType.Null)")
        sb = self.tensor(f"fd.ops.broadcast_in_dim({s}, shape=[{self.tokens}, {self.heads}, 1], broadcast_dims=[0, 1])")
        p = self.tensor(f"fd.ops.div({e}, {sb})")
        back = self.tensor(f"fd.ops.reshape({p}, new_shape=[{self.tokens}, {self.hidden}])")
        return self.tensor(f"fd.ops.cast({back}, dtype=DataType.BFloat16)")

    def rope(self, x):
        half = self.hidden // 2
        a = self.tensor(f"fd.ops.slice({x}, start_indices=[0, 0], end_indices=[{self.tokens}, {half}], strides=[1, 1])")
        b = self.tensor(f"fd.ops.slice({x}, start_indices=[0, {half}], end_indices=[{self.tokens}, {self.hidden}], strides=[1, 1])")
        nb = self.tensor(f"fd.ops.neg({b})")
        rot = self.tensor(f"fd.ops.cat([{nb}, {a}], dim=-1)")
        xf = self.tensor(f"fd.ops.cast({x}, dtype=DataType.Float)")
        rf = self.tensor(f"fd.ops.cast({rot}, dtype=DataType.Float)")
        y = self.tensor(f"fd.ops.add({xf}, {rf})")
        return self.tensor(f"fd.ops.cast({y}, dtype=DataType.BFloat16)")

    def gelu(self, x):
        xf = self.tensor(f"fd.ops.cast({x}, dtype=DataType.Float)")
        a = self.tensor(f"fd.ops.mul({xf}, 0.707107)")
        e = self.tensor(f"fd.ops.erf({a})")
        e1 = self.tensor(f"fd.ops.add({e}, 1.00000)")
        h = self.tensor(f"fd.ops.mul({xf}, 0.500000)")
        y = self.tensor(f"fd.ops.mul({h}, {e1})")
        return self.tensor(f"fd.ops.cast({y}, dtype=DataType.BFloat16)")

    def scaled_residual(self, x, res, scale):
        xf = self.tensor(f"fd.ops.cast({x}, dtype=DataType.Float)")
        rf = self.tensor(f"fd.ops.cast({res}, dtype=DataType.Float)")
        xs = self.tensor(f"fd.ops.mul({xf}, {scale})")
        y = self.tensor(f"fd.ops.add({xs}, {rf})")
        return self.tensor(f"fd.ops.cast({y}, dtype=DataType.BFloat16)")


def norm_stack(w, ops):
    """LayerNorm + GELU + residual add, repeated: one persistent segment of ~22 ops a block."""
    x = w.input([w.tokens, w.hidden], "BFloat16")
    while w.ops < ops:
        res = x
        y = w.gelu(w.layer_norm(x, False))
        yf = w.tensor(f"fd.ops.cast({y}, dtype=DataType.Float)")
        rf = w.tensor(f"fd.ops.cast({res}, dtype=DataType.Float)")
        total = w.tensor(f"fd.ops.add({yf}, {rf})")
        x = w.tensor(f"fd.ops.cast({total}, dtype=DataType.BFloat16)")
    return [x]


def generate(ops, seed, tokens, hidden, heads, shape="mixed"):
    rng = random.Random(seed)
    if shape == "norm_stack":
        w = Writer(rng, tokens, hidden, heads)
        return script(w, norm_stack(w, ops), ops, seed)
    w = Writer(rng, tokens, hidden, heads)
    x = w.input([tokens, hidden], "BFloat16")
    beta = w.scalar("fd.define_scalar(None, dtype=DataType.Double)")
    w.inputs.append("    0.9,")
    step = w.scalar("fd.define_scalar(None, dtype=DataType.Double)")
    w.inputs.append("    3.0,")
    bias_corr = w.scalar(f"fd.ops.pow({beta}, {step})")
    one_minus = w.scalar(f"fd.ops.sub(1.00000, {bias_corr})")
    scale = w.scalar(f"fd.ops.reciprocal({one_minus})")
    outputs = []
    while w.ops < ops:
        block = rng.choice(["ln", "rms", "softmax", "rope", "gelu"])
        res = x
        if block in ("ln", "rms"):
            x = w.layer_norm(x, block == "rms")
        elif block == "softmax":
            x = w.softmax_heads(x)
        elif block == "rope":
            x = w.rope(x)
        else:
            x = w.gelu(x)
        x = w.scaled_residual(x, res, scale)
        if rng.random() < 0.2:
            outputs.append(x)
    if x not in outputs:
        outputs.append(x)
    return script(w, outputs, ops, seed)


def script(w, outputs, ops, seed):
    body = "\n".join(w.lines)
    outs = "\n".join(f"    fd.add_output({o})" for o in outputs)
    return f"""# Synthetic fusion: {w.ops} ops, seed {seed} (bench/make_fusion.py)
import torch
from nvfuser import FusionDefinition, DataType

def synthetic_fusion_{ops}_{seed}(fd : FusionDefinition) -> None :
{body}
{outs}

with FusionDefinition() as fd:
    synthetic_fusion_{ops}_{seed}(fd)

inputs = [
{chr(10).join(w.inputs)}
]
fd.execute(inputs)
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ops", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tokens", type=int, default=2048)
    ap.add_argument("--hidden", type=int, default=1024)
    ap.add_argument("--heads", type=int, default=16)
    ap.add_argument("--shape", choices=["mixed", "norm_stack"], default="mixed")
    a = ap.parse_args()
    print(generate(a.ops, a.seed, a.tokens, a.hidden, a.heads, a.shape), end="")


if __name__ == "__main__":
    main()
