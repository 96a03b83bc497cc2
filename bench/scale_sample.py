#!/usr/bin/env python3
"""Writes a row-scaled copy of a repro script, for bandwidth measurements on large shapes.

    python3 bench/scale_sample.py IN.py OUT.py [--max-mb 256] [--factor F]

The leading dim of the first input (the rows, or the batch) is multiplied by F wherever it leads
a shape: define_tensor/broadcast_in_dim/reshape `shape=[...]` lists, a slice's `end_indices`, and the footer's
make_tensor tuples. F is the largest power of two that keeps the inputs within --max-mb
(default 256 MB, so 128-256 MB as the GPU plan asks: far past the 50 MB L2, so DRAM bandwidth
is what is measured). Scalar constants are left alone (a mean's 1/N keeps the old N):
the values change, the work does not. Prints "OUT factor F inputs X MB"; exits 1 when the
script has no leading dim to scale.
"""
import argparse
import math
import re
import sys

DTYPE_BYTES = {"Double": 8, "Float": 4, "Half": 2, "BFloat16": 2, "Int": 8, "Int32": 4, "Bool": 1,
               "ComplexFloat": 8, "ComplexDouble": 16}
DEFINE = re.compile(r"define_tensor\(shape=\[([^\]]*)\][^\n]*?dtype=DataType\.(\w+)")


def input_bytes(text):
    total = 0
    for dims, dtype in DEFINE.findall(text):
        sizes = [int(d) for d in dims.split(",") if d.strip()]
        total += math.prod(sizes) * DTYPE_BYTES.get(dtype, 4)
    return total


def leading_dim(text):
    m = DEFINE.search(text)
    if not m:
        return None
    dims = [d.strip() for d in m.group(1).split(",") if d.strip()]
    return int(dims[0]) if dims and int(dims[0]) > 1 else None


def scale(text, lead, factor):
    new = str(lead * factor)
    numels = {math.prod(int(d) for d in dims.split(",") if d.strip()) for dims, _ in DEFINE.findall(text)}
    text = re.sub(r"(shape=\[)%d(?=[,\]])" % lead, lambda m: m.group(1) + new, text)
    # A slice that ends at the last row keeps doing so (swiglu's halves), or the scaled fusion
    # would read only the old rows of a larger input.
    text = re.sub(r"(end_indices=\[)%d(?=[,\]])" % lead, lambda m: m.group(1) + new, text)
    # The footer: size tuples led by the rows ((4096, 1024), randint's (2048,), as_strided's
    # sizes) and flat storage lengths (randn(numel).as_strided(...)) grow with them.
    cut = text.find("inputs = [")
    if cut < 0:
        return text
    head, footer = text[:cut], text[cut:]
    footer = re.sub(r"(\()%d(?=[,)])" % lead, lambda m: m.group(1) + new, footer)
    flat = r"(torch\.(?:randn|rand|empty|zeros|ones)\()(\d+)(?=[,)])"
    footer = re.sub(flat, lambda m: m.group(1) + str(int(m.group(2)) * (factor if int(m.group(2)) in numels else 1)),
                    footer)
    return head + footer


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("input")
    p.add_argument("output")
    p.add_argument("--max-mb", type=float, default=256)
    p.add_argument("--factor", type=int, help="use this factor instead of the target")
    args = p.parse_args(argv)
    text = open(args.input).read()
    lead = leading_dim(text)
    if lead is None:
        print(f"{args.input}: no leading dim above 1 to scale", file=sys.stderr)
        return 1
    before = input_bytes(text)
    factor = args.factor or max(1, 2 ** math.floor(math.log2(max(1.0, args.max_mb * 1e6 / max(before, 1)))))
    scaled = scale(text, lead, factor)
    with open(args.output, "w") as f:
        f.write(scaled)
    print(f"{args.output} factor {factor} inputs {input_bytes(scaled) / 1e6:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
