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
  transformer forward + backward layers: LayerNorm, linear, softmax over heads, dropout, GELU and
              a residual add; then the backward with GELU / dropout / softmax / LayerNorm
              gradients, linear's input gradient, and outer (dim 0) reductions for weight grads
  wide        thousands of short independent chains from a few shared inputs, each its own
              output (some end in a row sum)
  deep        one long chain of pointwise ops with a row reduction (broadcast back) every k ops
  linear_stack  segment-heavy: LayerNorm + GELU + linear blocks over one activation (about two
              segments a block, every linear a segment of its own, as Thunder hands over layers)
  relu_linear segment-heavy: Linear + ReLU repeated, in the manner of nvFuser issue #3510
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


def dropout(w, x, keep=0.9):
    """Returns (scaled, mask): where(uniform < keep, x, 0) / keep, as nvFuser's dropout decomposes."""
    u = w.tensor(f"fd.ops.uniform(0.00000, 1.00000, shape=[{w.tokens}, {w.hidden}], dtype=DataType.Float)")
    mask = w.tensor(f"fd.ops.lt({u}, {keep})")
    kept = w.tensor(f"fd.ops.where({mask}, {x}, 0.00000)")
    return w.tensor(f"fd.ops.mul({kept}, {1.0 / keep:.6f})"), mask


def transformer_forward(w, x):
    """One layer: returns (output, saved) with what the backward reads."""
    ln = w.layer_norm(x, False)
    weight = w.input([w.hidden, w.hidden], "BFloat16")
    h = w.tensor(f"fd.ops.linear({ln}, {weight})")
    p = w.softmax_heads(h)
    pf = w.tensor(f"fd.ops.cast({p}, dtype=DataType.Float)")
    d, mask = dropout(w, pf)
    g = w.gelu(w.tensor(f"fd.ops.cast({d}, dtype=DataType.BFloat16)"))
    out = w.scaled_residual(g, x, "1.00000")
    return out, dict(x=x, ln=ln, weight=weight, p=pf, mask=mask, d=d)


def transformer_backward(w, grad, saved):
    """GELU, dropout, softmax, linear-input and LayerNorm gradients; returns (dx, weight grads),
    the weight grads being dim-0 sums."""
    gf = w.tensor(f"fd.ops.cast({grad}, dtype=DataType.Float)")
    d = saved["d"]
    # GELU': 0.5 (1 + erf(x/sqrt2)) + x exp(-x^2/2) / sqrt(2 pi)
    a = w.tensor(f"fd.ops.mul({d}, 0.707107)")
    cdf = w.tensor(f"fd.ops.add({w.tensor(f'fd.ops.erf({a})')}, 1.00000)")
    cdf = w.tensor(f"fd.ops.mul({cdf}, 0.500000)")
    sq = w.tensor(f"fd.ops.mul({d}, {d})")
    pdf = w.tensor(f"fd.ops.exp({w.tensor(f'fd.ops.mul({sq}, -0.500000)')})")
    pdf = w.tensor(f"fd.ops.mul({w.tensor(f'fd.ops.mul({d}, {pdf})')}, 0.398942)")
    dg = w.tensor(f"fd.ops.mul({gf}, {w.tensor(f'fd.ops.add({cdf}, {pdf})')})")
    # dropout': the same mask and scale
    mask = saved["mask"]
    dd = w.tensor(f"fd.ops.mul({w.tensor(f'fd.ops.where({mask}, {dg}, 0.00000)')}, 1.111111)")
    # softmax' over heads: p * (g - sum(g * p))
    hd = w.hidden // w.heads
    p3 = w.tensor(f"fd.ops.reshape({saved['p']}, new_shape=[{w.tokens}, {w.heads}, {hd}])")
    g3 = w.tensor(f"fd.ops.reshape({dd}, new_shape=[{w.tokens}, {w.heads}, {hd}])")
    s = w.tensor(f"fd.ops.sum({w.tensor(f'fd.ops.mul({g3}, {p3})')}, dims=[2], keepdim=False, dtype=DataType.Null)")
    sb = w.tensor(f"fd.ops.broadcast_in_dim({s}, shape=[{w.tokens}, {w.heads}, 1], broadcast_dims=[0, 1])")
    ds = w.tensor(f"fd.ops.mul({p3}, {w.tensor(f'fd.ops.sub({g3}, {sb})')})")
    ds = w.tensor(f"fd.ops.cast({w.tensor(f'fd.ops.reshape({ds}, new_shape=[{w.tokens}, {w.hidden}])')}, dtype=DataType.BFloat16)")
    # linear': input grad through the weight; the weight grad's bias-like row sum
    wt = w.tensor(f"fd.ops.permute({saved['weight']}, dims=[1, 0])")
    dln = w.tensor(f"fd.ops.matmul({ds}, {wt})")
    dsf = w.tensor(f"fd.ops.cast({ds}, dtype=DataType.Float)")
    grads = [w.tensor(f"fd.ops.cast({w.tensor(f'fd.ops.sum({dsf}, dims=[0], keepdim=False, dtype=DataType.Null)')}, dtype=DataType.BFloat16)")]
    # LayerNorm': dx = (g*w - mean(g*w) - xhat * mean(g*w*xhat)) * rstd, and dim-0 weight grads
    xf = w.tensor(f"fd.ops.cast({saved['x']}, dtype=DataType.Float)")
    lnf = w.tensor(f"fd.ops.cast({saved['ln']}, dtype=DataType.Float)")
    dlf = w.tensor(f"fd.ops.cast({dln}, dtype=DataType.Float)")
    gx = w.tensor(f"fd.ops.mul({dlf}, {lnf})")
    m1 = w.tensor(f"fd.ops.sum({dlf}, dims=[1], keepdim=False, dtype=DataType.Null)")
    m2 = w.tensor(f"fd.ops.sum({gx}, dims=[1], keepdim=False, dtype=DataType.Null)")
    m1b = w.tensor(f"fd.ops.broadcast_in_dim({m1}, shape=[{w.tokens}, 1], broadcast_dims=[0])")
    m2b = w.tensor(f"fd.ops.broadcast_in_dim({m2}, shape=[{w.tokens}, 1], broadcast_dims=[0])")
    t = w.tensor(f"fd.ops.sub({w.tensor(f'fd.ops.mul({dlf}, {float(w.hidden)})')}, {m1b})")
    t = w.tensor(f"fd.ops.sub({t}, {w.tensor(f'fd.ops.mul({lnf}, {m2b})')})")
    dx = w.tensor(f"fd.ops.add({w.tensor(f'fd.ops.mul({t}, {1.0 / w.hidden:.8f})')}, {gf})")
    grads.append(w.tensor(f"fd.ops.cast({w.tensor(f'fd.ops.sum({gx}, dims=[0], keepdim=False, dtype=DataType.Null)')}, dtype=DataType.BFloat16)"))
    grads.append(w.tensor(f"fd.ops.cast({w.tensor(f'fd.ops.sum({xf}, dims=[0], keepdim=False, dtype=DataType.Null)')}, dtype=DataType.BFloat16)"))
    return w.tensor(f"fd.ops.cast({dx}, dtype=DataType.BFloat16)"), grads


def transformer(w, ops):
    """Forward layers until about half the ops are spent, then their backward in reverse order."""
    x = w.input([w.tokens, w.hidden], "BFloat16")
    layers = []
    while w.ops < ops // 2:
        x, saved = transformer_forward(w, x)
        layers.append(saved)
    outputs = [x]
    grad = w.input([w.tokens, w.hidden], "BFloat16")
    for saved in reversed(layers):
        grad, weight_grads = transformer_backward(w, grad, saved)
        outputs += weight_grads
    outputs.append(grad)
    return outputs


def wide(w, ops):
    """Short chains that share only their inputs: every chain is an output of its own."""
    shared = [w.input([w.tokens, w.hidden], "BFloat16") for _ in range(4)]
    outputs = []
    while w.ops < ops:
        a, b = w.rng.sample(shared, 2)
        x = w.tensor(f"fd.ops.cast({a}, dtype=DataType.Float)")
        x = w.tensor(f"fd.ops.mul({x}, {w.rng.uniform(0.5, 2.0):.4f})")
        x = w.tensor(f"fd.ops.add({x}, {w.tensor(f'fd.ops.cast({b}, dtype=DataType.Float)')})")
        if w.rng.random() < 0.25:
            x = w.tensor(f"fd.ops.sum({x}, dims=[1], keepdim=False, dtype=DataType.Null)")
        else:
            x = w.tensor(f"fd.ops.cast({w.tensor(f'fd.ops.tanh({x})')}, dtype=DataType.BFloat16)")
        outputs.append(x)
    return outputs


def deep(w, ops, every=12):
    """x -> pointwise ... -> x * mean(x) every `every` ops: one long dependency chain."""
    x = w.tensor(f"fd.ops.cast({w.input([w.tokens, w.hidden], 'BFloat16')}, dtype=DataType.Float)")
    unary = ["exp", "tanh", "sigmoid", "neg", "abs"]
    since = 0
    while w.ops < ops:
        if since >= every:
            s = w.tensor(f"fd.ops.sum({x}, dims=[1], keepdim=False, dtype=DataType.Null)")
            sb = w.tensor(f"fd.ops.broadcast_in_dim({s}, shape=[{w.tokens}, 1], broadcast_dims=[0])")
            x = w.tensor(f"fd.ops.mul({x}, {sb})")
            since = 0
        elif w.rng.random() < 0.5:
            x = w.tensor(f"fd.ops.{w.rng.choice(unary)}({x})")
        else:
            x = w.tensor(f"fd.ops.add({x}, {w.rng.uniform(-1.0, 1.0):.4f})")
        since += 1
    return [w.tensor(f"fd.ops.cast({x}, dtype=DataType.BFloat16)")]


def linear_stack(w, ops):
    """LayerNorm + GELU + linear: the linear splits the stack into a segment per op kind."""
    x = w.input([w.tokens, w.hidden], "BFloat16")
    while w.ops < ops:
        y = w.gelu(w.layer_norm(x, False))
        weight = w.input([w.hidden, w.hidden], "BFloat16")
        x = w.tensor(f"fd.ops.linear({y}, {weight})")
    return [x]


def relu_linear(w, ops):
    """Linear (with bias) then ReLU, repeated: a matmul segment and a pointwise segment each."""
    x = w.input([w.tokens, w.hidden], "BFloat16")
    while w.ops < ops:
        weight = w.input([w.hidden, w.hidden], "BFloat16")
        bias = w.input([w.hidden], "BFloat16")
        h = w.tensor(f"fd.ops.linear({x}, {weight}, {bias})")
        hf = w.tensor(f"fd.ops.cast({h}, dtype=DataType.Float)")
        r = w.tensor(f"fd.ops.relu({hf})")
        x = w.tensor(f"fd.ops.cast({r}, dtype=DataType.BFloat16)")
    return [x]


SHAPES = {"norm_stack": norm_stack, "linear_stack": linear_stack, "relu_linear": relu_linear, "transformer": transformer, "wide": wide, "deep": deep}


def generate(ops, seed, tokens, hidden, heads, shape="mixed"):
    rng = random.Random(seed)
    if shape in SHAPES:
        w = Writer(rng, tokens, hidden, heads)
        return script(w, SHAPES[shape](w, ops), ops, seed)
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
    ap.add_argument("--shape", choices=["mixed", *SHAPES], default="mixed")
    a = ap.parse_args()
    print(generate(a.ops, a.seed, a.tokens, a.hidden, a.heads, a.shape), end="")


if __name__ == "__main__":
    main()
