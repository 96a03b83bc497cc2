#!/usr/bin/env python3
"""Proves that two builds of segscope-cli give the same answers on every fusion we have.

    bench/same_output.py --base /tmp/base/segscope-cli --new build/default/bin/segscope-cli \
        [--trace] [--extra /tmp/heavy/ls1000.py ...]

For each script under samples/, tests/fidelity (cases and repros), tests/data (recursively,
*.py) and the given extras, runs `segment` (the summary line without its time, and the JSON)
and, with --trace, `trace --json` with every timing stripped, on both builds. Prints one line
per file that differs and a total; exits 1 when any differs. A speed change must leave all of
these alone (docs/performance.md quotes the totals).
"""
import argparse
import json
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def scripts(extra):
    found = sorted(ROOT.glob("samples/*.py"))
    found += sorted(ROOT.glob("tests/fidelity/**/*.py"))
    found += sorted(ROOT.glob("tests/data/**/*.py"))
    return found + [pathlib.Path(e) for e in extra]


def strip_times(value):
    if isinstance(value, dict):
        return {k: strip_times(v) for k, v in value.items() if k not in ("ms", "milliseconds", "time_ms")}
    if isinstance(value, list):
        return [strip_times(v) for v in value]
    return value


def run(cli, args, timeout):
    try:
        p = subprocess.run([cli, *args], capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout"
    return f"rc={p.returncode}\n{p.stdout}\n{p.stderr}"


def answers(cli, path, trace, timeout):
    out = {}
    summary = run(cli, ["segment", str(path)], timeout)
    out["segment"] = re.sub(r", [0-9.]+ ms\n", "\n", summary)
    out["segment --json"] = run(cli, ["segment", str(path), "--json", "-"], timeout)
    if trace:
        text = run(cli, ["trace", str(path), "--json", "-"], timeout)
        head, _, body = text.partition("\n")
        try:
            out["trace"] = head + json.dumps(strip_times(json.loads(body.rsplit("\n\n", 1)[0])), sort_keys=True)
        except json.JSONDecodeError:
            out["trace"] = text
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--base", required=True)
    ap.add_argument("--new", required=True)
    ap.add_argument("--trace", action="store_true", help="also compare `trace --json` (slow on big files)")
    ap.add_argument("--extra", nargs="*", default=[])
    ap.add_argument("--timeout", type=int, default=600)
    a = ap.parse_args()
    files = scripts(a.extra)
    differ = 0
    for path in files:
        base = answers(a.base, path, a.trace, a.timeout)
        new = answers(a.new, path, a.trace, a.timeout)
        changed = [k for k in base if base[k] != new[k]]
        if changed:
            differ += 1
            print(f"DIFFER {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: {', '.join(changed)}")
    print(f"{len(files)} files, {differ} differ ({'segment, segment --json' + (', trace' if a.trace else '')})")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
