#!/usr/bin/env python3
"""Times `segscope-cli model` on a generated run of N fusions against one `segment` call per fusion.

    bench/model_run_bench.py [--cli build/default/bin/segscope-cli] [--fusions 500] [--jobs 2] [--runs 3]

The run is a log of N python_definition dumps among training output, drawn from several
generators so that it is not one shape repeated: the samples' own definitions, and
bench/make_fusion.py's mixed, transformer, norm_stack, linear_stack and deep shapes at 20 + k ops
and 64 + 8k tokens for the k-th fusion (20 to 519 ops at 500: a model run's fusions are mostly
small, some are layers), each its own definition.
Each definition is also written to a file of its own, and the same CLI segments those one call
per file. Prints the medians of --runs and their ratio, measured in one run of this script.
"""
import argparse
import pathlib
import random
import re
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
import make_fusion  # noqa: E402

DEF = re.compile(r"^def (\w+)\(fd ?: ?FusionDefinition\) ?-> ?None ?:")


def def_block(script, fusion_id):
    lines = script.splitlines()
    start = next(i for i, l in enumerate(lines) if DEF.match(l))
    end = start + 1
    while end < len(lines) and lines[end].startswith("    "):
        end += 1
    return [f"def nvfuser_fusion_id{fusion_id}(fd : FusionDefinition) -> None :"] + lines[start + 1:end]


def fusions(count, seed):
    """Each sample once, then generated fusions of 20 + k ops (k the fusion's index), so that no
    two are the same definition (the reader would count a repeat as one fusion)."""
    rng = random.Random(seed)
    samples = sorted((ROOT / "samples").glob("*.py"))
    shapes = ["mixed", "transformer", "norm_stack", "linear_stack", "deep"]
    for k in range(count):
        if k < len(samples):
            yield samples[k].read_text()
        else:
            # Tokens differ per fusion: the shapes a definition prints make it a definition of its own.
            yield make_fusion.generate(20 + k, seed + k, 64 + 8 * k, rng.choice([256, 512, 768, 1024]), 8,
                                       shapes[rng.randrange(len(shapes))])


def write_run(folder, count, seed):
    folder.mkdir(parents=True, exist_ok=True)
    log, files = ["compiling the model with thunder..."], []
    for k, script in enumerate(fusions(count, seed)):
        block = def_block(script, k)
        log += ["", *block, "", f"iter {k}: loss {10 - k * 0.01:.3f}"]
        path = folder / f"fusion_{k:04d}.py"
        path.write_text("\n".join(block) + "\n")
        files.append(path)
    run = folder / "run.log"
    run.write_text("\n".join(log) + "\n")
    return run, files


def timed(cmd):
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cli", default=str(ROOT / "build/default/bin/segscope-cli"))
    ap.add_argument("--fusions", type=int, default=500)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    run, files = write_run(pathlib.Path("/tmp/segscope_model_run"), a.fusions, a.seed)
    model, per_file = [], []
    for _ in range(a.runs):
        model.append(timed([a.cli, "model", str(run), "--jobs", str(a.jobs), "--json", "/dev/null"]))
        start = time.perf_counter()
        for f in files:
            subprocess.run([a.cli, "segment", str(f)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        per_file.append(time.perf_counter() - start)
    m, p = statistics.median(model), statistics.median(per_file)
    print(f"{a.fusions} fusions ({run}, {run.stat().st_size // 1024} KiB)")
    print(f"model --jobs {a.jobs}: median {m:.2f} s of {a.runs} ({', '.join(f'{x:.2f}' for x in model)})")
    print(f"one segment call per fusion: median {p:.2f} s ({', '.join(f'{x:.2f}' for x in per_file)})")
    print(f"ratio: {p / m:.1f}x")


if __name__ == "__main__":
    main()
