#!/usr/bin/env python3
"""Segscope's CUDA backend against PyTorch eager and torch.compile, sample by sample.

For each sample: `segscope-cli run FILE --backend cuda --verify --json J --repeat N` (our
segments, verified against the CPU reference), then `segscope-cli export-torch FILE --out
X.py --data D`; X.py is imported and run eagerly and through torch.compile on the same
inputs, and both are checked against the CPU reference outputs with the manifest's
tolerances. Prints a markdown table; exits 1 when anything disagrees or fails. Needs a CUDA
GPU, python3 and torch only.

Timed the same way on both sides (issue 44):
- the L2 is flushed before every timed run on both sides (a 2 x L2 write, as the CUDA runner does);
- torch's window holds device time only: a spin kernel (torch.cuda._sleep) is queued before the
  start event, so the host's dispatch of the call overlaps it instead of landing inside the window;
- ours is the sum of our kernel segments (host scalar segments are CPU time, reported apart);
- torch._dynamo.reset() before each sample, and the graphs dynamo compiled are counted: a row whose
  compile fell back to eager says so instead of quoting eager time as compiled.

    python3 bench/gpu_vs_torch.py [FILES...] [--samples DIR] [--cli PATH] [--repeat N] [--out table.md]
                                  [--json rows.json] [--codegen KEY=VALUE ...]
"""
import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def default_cli():
    """scripts/gpu_check.sh builds into $BUILD (default /tmp/segscope-gpu-build); a local build is the fallback."""
    for build in (os.environ.get("BUILD"), "/tmp/segscope-gpu-build", os.path.join(ROOT, "build", "default")):
        if build and os.path.exists(os.path.join(build, "bin", "segscope-cli")):
            return os.path.join(build, "bin", "segscope-cli")
    return os.path.join("/tmp/segscope-gpu-build", "bin", "segscope-cli")


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("files", nargs="*", help="repro scripts (default: every *.py under --samples)")
    p.add_argument("--samples", default=os.path.join(ROOT, "samples"))
    p.add_argument("--cli", default=default_cli(),
                   help="segscope-cli to run (default: scripts/gpu_check.sh's build, $BUILD/bin, else build/default/bin)")
    p.add_argument("--repeat", type=int, default=20)
    p.add_argument("--out", help="also write the table here")
    p.add_argument("--json", help="also write one object per sample here (scripts/gpu_latest.py reads it)")
    p.add_argument("--codegen", action="append", default=[], metavar="KEY=VALUE",
                   help="passed on to segscope-cli run (repeatable)")
    p.add_argument("--no-compile", action="store_true", help="skip torch.compile (eager only)")
    p.add_argument("--no-verify", action="store_true",
                   help="run ours without --verify (large shapes: the CPU reference takes minutes there)")
    p.add_argument("--device", default="cuda", choices=["cuda", "cpu"],
                   help="cpu: a smoke test without a GPU (our CPU backend, wall-clock timing)")
    return p.parse_args(argv)


def sample_files(args):
    if args.files:
        return args.files
    return sorted(os.path.join(args.samples, f) for f in os.listdir(args.samples) if f.endswith(".py"))


def run_ours(cli, path, work, repeat, backend, verify=True, codegen=()):
    """(summary dict or None, error text): the run's JSON, read defensively."""
    out = os.path.join(work, "run.json")
    command = [cli, "run", path, "--backend", backend, "--json", out, "--repeat", str(repeat)]
    for setting in codegen:
        command += ["--codegen", setting]
    proc = subprocess.run(command + (["--verify"] if verify else []), capture_output=True, text=True)
    summary = None
    if os.path.exists(out):
        try:
            with open(out) as f:
                summary = json.load(f)
        except (OSError, ValueError):
            summary = None
    if proc.returncode != 0:
        return summary, "segscope-cli run exit %d: %s" % (proc.returncode, proc.stderr.strip()[-300:])
    return summary, None


def segment_ms(seg):
    t = seg.get("time_ms", seg.get("ms", seg.get("milliseconds")))
    if isinstance(t, dict):
        t = t.get("median", t.get("min"))
    return t if isinstance(t, (int, float)) else None


def seg_bytes(seg):
    """Bytes a segment moves: "bytes", or "bytes_in" + "bytes_out" (the CPU run's JSON)."""
    if isinstance(seg.get("bytes"), (int, float)):
        return seg["bytes"]
    parts = [seg.get(k) for k in ("bytes_in", "bytes_out")]
    return sum(parts) if all(isinstance(p, (int, float)) for p in parts) else None


def verified_ok(summary):
    """False only when the run says verification failed ("verified": false or "verify": {"ok": false})."""
    if not isinstance(summary, dict):
        return True
    if summary.get("verified") is False:
        return False
    verify = summary.get("verify")
    return not (isinstance(verify, dict) and verify.get("ok") is False)


def kernel_ms(summary):
    """The sum of our segments that run on the GPU (kernels and cuBLASLt), without host segments."""
    if not isinstance(summary, dict):
        return None
    if isinstance(summary.get("device_ms"), (int, float)) and summary.get("backend") == "cuda":
        return summary["device_ms"]
    times = [segment_ms(s) for s in summary.get("segments", [])
             if isinstance(s, dict) and s.get("execution") != "host" and not s.get("host")]
    times = [t for t in times if t is not None]
    return sum(times) if times else None


def largest_segment(summary):
    """The segment that moves the most bytes (its scheduler names the row's family)."""
    segs = [s for s in (summary or {}).get("segments", []) if isinstance(s, dict) and seg_bytes(s) is not None]
    return max(segs, key=seg_bytes) if segs else None


def ours_figures(summary):
    """(segments, total ms, % of peak DRAM bandwidth of the largest segment by bytes)."""
    if not isinstance(summary, dict):
        return None, None, None
    segs = [s for s in summary.get("segments", []) if isinstance(s, dict)]
    total = summary.get("total_ms", summary.get("median_ms"))
    if not isinstance(total, (int, float)):
        times = [segment_ms(s) for s in segs]
        total = sum(t for t in times if t is not None) if any(t is not None for t in times) else None
    pct = None
    sized = [s for s in segs if seg_bytes(s) is not None]
    if sized:
        pct = max(sized, key=seg_bytes).get("percent_of_peak")  # the key `run --json` writes (cuda only)
    return len(segs), total, pct


def load_module(path):
    spec = importlib.util.spec_from_file_location("segscope_export_%d" % abs(hash(path)), path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # torch.compile's tracer looks the function's module up by name
    spec.loader.exec_module(module)
    return module


_FLUSH = {}


def flush_l2():
    """Overwrite a buffer of twice the L2 size, outside the timed events: segscope-cli's CUDA runner
    does the same before every timed launch (CudaRunOptions::flushL2), so both sides start cold."""
    if not torch.cuda.is_available():
        return
    buf = _FLUSH.get("buf")
    if buf is None:
        l2 = getattr(torch.cuda.get_device_properties(0), "L2_cache_size", 0) or 50 * 1024 * 1024
        buf = _FLUSH["buf"] = torch.empty(2 * l2, dtype=torch.uint8, device="cuda")
    _FLUSH["n"] = (_FLUSH.get("n", 0) + 1) % 256
    buf.fill_(_FLUSH["n"])


# Cycles of the spin kernel queued before torch's start event: about 0.5 ms at 2 GHz, longer than
# the host takes to dispatch one call of a sample (eager's dozens of launches included).
SPIN_CYCLES = 1_000_000


def time_cuda(fn, inputs, repeat, warmup=3):
    """Median device milliseconds of fn(*inputs) (CUDA events), after warm-up, L2 flushed first; the
    call is dispatched while a spin kernel runs, so the window holds no host time."""
    for _ in range(warmup):
        fn(*inputs)
    if not torch.cuda.is_available():  # --device cpu: wall clock
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            fn(*inputs)
            times.append((time.perf_counter() - start) * 1e3)
        return statistics.median(times)
    torch.cuda.synchronize()
    times = []
    for _ in range(repeat):
        flush_l2()
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        torch.cuda._sleep(SPIN_CYCLES)
        start.record()
        fn(*inputs)
        end.record()
        torch.cuda.synchronize()
        times.append(start.elapsed_time(end))
    return statistics.median(times)


def check(module, outputs, data):
    """(agree, worst text) against the CPU reference outputs."""
    results = module.compare_outputs(outputs, data)
    bad = [r for r in results if not r["ok"]]
    if bad:
        return False, "%s: %s" % (bad[0]["name"], bad[0]["message"])
    worst = max((r["max_abs_error"] for r in results if r["comparable"]), default=0.0)
    return True, "max abs error %.3g" % worst


def run_torch(module, data, repeat, compile_too, device_name):
    """{eager_ms, compiled_ms, agree, detail}."""
    device = torch.device(device_name)
    inputs = module.load_inputs(data, device_name)
    fn = lambda *xs: module.fusion(*xs, device=device)  # noqa: E731
    row = {}
    with torch.no_grad():
        outputs = fn(*inputs)
        ok, detail = check(module, outputs, data)
        row["eager_ms"] = time_cuda(fn, inputs, repeat)
        row["agree"], row["detail"] = ok, "eager " + detail
        if compile_too:
            try:
                compiled, graphs, breaks = compile_counted(fn, inputs)
                outputs = compiled(*inputs)
                ok_c, detail_c = check(module, outputs, data)
                ms = time_cuda(compiled, inputs, repeat)
                # A compile that produced no graph ran eagerly: its time is eager time, not compiled.
                row["compiled_ms" if graphs else "compiled_fell_back_ms"] = ms
                row["compiled_graphs"], row["graph_breaks"] = graphs, breaks
                row["agree"] = row["agree"] and ok_c
                row["detail"] += "; compiled (%d graph%s, %d break%s) %s" % (
                    graphs, "" if graphs == 1 else "s", breaks, "" if breaks == 1 else "s", detail_c)
            except Exception as err:  # a compiler failure is reported, not fatal to the table
                row["agree"] = False
                row["detail"] += "; torch.compile failed: %s" % str(err).splitlines()[0][:200]
    return row


def compile_counted(fn, inputs):
    """torch.compile(fn) after dynamo's caches are reset (each sample its own frame budget, so no
    sample inherits a recompile limit hit by earlier ones), compiled on its first call; returns the
    compiled callable and how many graphs and graph breaks dynamo recorded for it."""
    torch._dynamo.reset()
    counters = torch._dynamo.utils.counters
    counters.clear()
    compiled = torch.compile(fn)
    compiled(*inputs)
    graphs = int(counters["stats"].get("unique_graphs", 0))
    breaks = int(sum(counters["graph_break"].values()))
    return compiled, graphs, breaks


def fmt(v, digits=3):
    return "-" if v is None else ("%.*f" % (digits, v) if isinstance(v, (int, float)) else str(v))


def main(argv):
    args = parse_args(argv)
    if args.device == "cuda" and not torch.cuda.is_available():
        print("gpu_vs_torch: no CUDA device visible to torch", file=sys.stderr)
        return 2
    lines = ["| sample | segments | ours ms (kernels) | ours ms (total) | eager ms | compiled ms | ours / compiled "
             "| largest segment: scheduler, % DRAM peak | agree |",
             "|---|---:|---:|---:|---:|---:|---:|---|---|"]
    failures = 0
    rows_json = []
    for path in sample_files(args):
        name = os.path.splitext(os.path.basename(path))[0]
        with tempfile.TemporaryDirectory(prefix="segscope_torch_") as work:
            summary, ours_error = run_ours(args.cli, path, work, args.repeat, args.device, not args.no_verify,
                                           args.codegen)
            segments, ours_ms, pct = ours_figures(summary)
            ours_kernels = kernel_ms(summary)
            big = largest_segment(summary) or {}
            script, data = os.path.join(work, name + "_torch.py"), os.path.join(work, "data")
            proc = subprocess.run([args.cli, "export-torch", path, "--out", script, "--data", data],
                                  capture_output=True, text=True)
            if proc.returncode != 0:
                row = {"agree": False, "detail": "export-torch failed: " + proc.stderr.strip()[-300:]}
            else:
                try:
                    row = run_torch(load_module(script), data, args.repeat, not args.no_compile, args.device)
                except Exception as err:
                    row = {"agree": False, "detail": "torch run failed: %s" % str(err).splitlines()[0][:200]}
            if not verified_ok(summary):
                row["agree"], row["detail"] = False, "our CUDA run failed verification; " + row.get("detail", "")
            if ours_error:
                row["agree"], row["detail"] = False, ours_error + "; " + row.get("detail", "")
            failures += 0 if row["agree"] else 1
            agree = ("yes" if row["agree"] else "**no**") + " (" + row.get("detail", "") + ")"
            compiled = row.get("compiled_ms")
            compiled_text = fmt(compiled) if compiled is not None else (
                "eager fallback %s" % fmt(row["compiled_fell_back_ms"]) if "compiled_fell_back_ms" in row else "-")
            ratio = ours_kernels / compiled if ours_kernels and compiled else None
            lines.append("| %s | %s | %s | %s | %s | %s | %s | %s, %s | %s |" % (
                name, fmt(segments, 0), fmt(ours_kernels), fmt(ours_ms), fmt(row.get("eager_ms")), compiled_text,
                fmt(ratio, 2), big.get("scheduler", "-"), fmt(big.get("percent_of_peak", pct), 1),
                agree.replace("|", "/")))
            rows_json.append({"sample": name, "segments": segments, "ours_kernel_ms": ours_kernels,
                              "ours_total_ms": ours_ms, "largest_scheduler": big.get("scheduler"),
                              "largest_percent_of_peak": big.get("percent_of_peak", pct),
                              "eager_ms": row.get("eager_ms"), "compiled_ms": compiled,
                              "compiled_fell_back_ms": row.get("compiled_fell_back_ms"),
                              "compiled_graphs": row.get("compiled_graphs"), "graph_breaks": row.get("graph_breaks"),
                              "ours_over_compiled": ratio, "agree": row["agree"], "detail": row.get("detail", ""),
                              "codegen": args.codegen, "timing": "device time, L2 flushed, spin before start"})
            print(lines[-1], flush=True)
            if args.out:  # row by row: a run cut short by a time limit keeps what it measured
                with open(args.out, "w") as f:
                    f.write("\n".join(lines) + "\n")
            if args.json:
                with open(args.json, "w") as f:
                    json.dump(rows_json, f, indent=1)
    table = "\n".join(lines) + "\n"
    print()
    print(table)
    if args.out:
        with open(args.out, "w") as f:
            f.write(table)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
