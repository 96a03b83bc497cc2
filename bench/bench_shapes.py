#!/usr/bin/env python3
"""End-to-end time and memory of `segscope-cli segment FILE --json OUT` on every fusion shape.

Usage: bench/bench_shapes.py [--cli build/default/bin/segscope-cli] [--sizes 1000,10000]
                             [--shapes mixed,norm_stack,...] [--runs 3] [--seed 1]
Generates each file with bench/make_fusion.py (kept in /tmp/segscope_shapes), runs the CLI
`--runs` times per file, and prints a Markdown table of medians (wall time of the whole command
and peak RSS, from /usr/bin/time), with the log-log exponent between consecutive sizes. Each
round times every size of a shape back to back, so that all sizes see the same state of a shared
machine: sizes timed minutes apart drifted by more than the exponent's margin. Each round starts
with one untimed run of its smallest size (see main).
"""
import argparse
import math
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SHAPES = ["mixed", "norm_stack", "transformer", "wide", "deep", "linear_stack", "relu_linear"]


def generate(shape, ops, seed, folder):
    path = os.path.join(folder, f"{shape}_{ops}_s{seed}.py")
    if not os.path.exists(path):
        with open(path, "w") as out:
            subprocess.run([sys.executable, os.path.join(HERE, "make_fusion.py"), "--ops", str(ops), "--seed",
                            str(seed), "--shape", shape], stdout=out, check=True)
    return path


def run_once(cli, path, timeout):
    out_json = path + ".out.json"
    start = time.perf_counter()
    proc = subprocess.run(["/usr/bin/time", "-f", "%M", cli, "segment", path, "--json", out_json],
                          capture_output=True, text=True, timeout=timeout)
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        raise RuntimeError(f"{path}: exit {proc.returncode}: {proc.stderr[-400:]}")
    rss_kb = int(proc.stderr.strip().splitlines()[-1])
    summary = proc.stdout.splitlines()[0] if proc.stdout else ""
    return wall, rss_kb, summary


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", default="build/default/bin/segscope-cli")
    ap.add_argument("--sizes", default="1000,3000,10000")
    ap.add_argument("--shapes", default=",".join(SHAPES))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=int, default=300)
    args = ap.parse_args()
    folder = "/tmp/segscope_shapes"
    os.makedirs(folder, exist_ok=True)
    sizes = [int(s) for s in args.sizes.split(",")]
    header = "| shape | " + " | ".join(f"{n} ops: s (MB)" for n in sizes) + " | exponents | segments at largest |"
    print(header)
    print("|" + "---|" * (len(sizes) + 3))
    for shape in args.shapes.split(","):
        cells, medians, segments = [], [], ""
        paths = {n: generate(shape, n, args.seed, folder) for n in sizes}
        timed = {n: [] for n in sizes}  # a size that failed once holds its error instead
        for _ in range(args.runs):
            # The round's first run follows the previous round's largest: its process had just
            # returned hundreds of MB, and the first small run after that pays the kernel's
            # compaction for its huge pages (+15 ms on a 1k file here; the second run does not).
            # One untimed run takes that cost; it is not what opening the file costs a user.
            if not isinstance(timed[sizes[0]], Exception):
                try:
                    run_once(args.cli, paths[sizes[0]], args.timeout)
                except (RuntimeError, subprocess.TimeoutExpired):
                    pass
            for n in sizes:
                if isinstance(timed[n], Exception):
                    continue
                try:
                    timed[n].append(run_once(args.cli, paths[n], args.timeout))
                except (RuntimeError, subprocess.TimeoutExpired) as err:
                    timed[n] = err
        for n in sizes:
            runs = timed[n]
            if isinstance(runs, Exception):
                cells.append(f"failed ({type(runs).__name__})")
                medians.append(None)
                continue
            wall = statistics.median(r[0] for r in runs)
            rss = statistics.median(r[1] for r in runs) / 1024
            medians.append(wall)
            cells.append(f"{wall:.3f} ({rss:.0f})")
            segments = runs[0][2].split(": ", 1)[-1].split(",")[0]
        exps = []
        for (a, ta), (b, tb) in zip(zip(sizes, medians), zip(sizes[1:], medians[1:])):
            exps.append(f"{math.log(tb / ta) / math.log(b / a):.2f}" if ta and tb else "—")
        print(f"| {shape} | " + " | ".join(cells) + f" | {', '.join(exps)} | {segments} |", flush=True)


if __name__ == "__main__":
    main()
