#!/usr/bin/env python3
"""The GPU window's figures from its raw outputs (issue 44): never typed by hand.

    gpu_latest.py row RUN.json SAMPLE VARIANT ROUND ARGS      one JSON line per timed CLI run
    gpu_latest.py compare compare.jsonl                      markdown: variants side by side
    gpu_latest.py latest --work DIR [--work DIR2 ...] --out latest.json [--ship V1,V2,...] [--date D]
    gpu_latest.py table latest.json [--into DOC.md]          the family table (into DOC between markers)
    gpu_latest.py check latest.json DOC.md                   latest.json re-derived from the raw outputs it
                                                             names, and DOC's table generated from it (a test)

`latest` reads what scripts/gpu_window15.sh leaves in its work folder (device.txt, runs/*.json,
compare.jsonl, torch.json) and writes {"device", "driver", "date", "verified", "families",
"per_sample", "vs_torch_compile", ...}. A sample's figure is its largest segment (by bytes), keyed
by that segment's scheduler: pointwise, reduction, transpose, or normalization (the persistent
schedulers; resize counts as pointwise). Each family holds its worst large sample. --ship lists
the variants whose figures are quoted (the defaults the tree ships), in order of preference,
falling back to "base" for samples none was run on. Several --work folders (calls of one
session on one device) are read together; the variants of the second are named NAME@2, and so on.
"""
import argparse
import datetime
import glob
import json
import os
import re
import statistics
import sys

TARGETS = {"pointwise": 85, "reduction": 75, "normalization": 80, "transpose": 70}
TORCH_TARGET = 1.2  # ours over torch.compile, DESIGN §14


def family_of(scheduler):
    """DESIGN §14's family of a segment's scheduler: the persistent schedulers are normalizations,
    resize (slices, pads, concatenations: nvFuser's pointwise scheduler with resize ops) is pointwise."""
    if not scheduler:
        return None
    if "persistent" in scheduler:
        return "normalization"
    if scheduler == "resize":
        return "pointwise"
    return scheduler if scheduler in TARGETS else None


def seg_bytes(seg):
    return (seg.get("bytes_in") or 0) + (seg.get("bytes_out") or 0)


def row(path, sample, variant, rnd, args):
    out = {"sample": sample, "variant": variant, "round": int(rnd), "args": args}
    try:
        with open(path) as f:
            run = json.load(f)
        segs = [s for s in run.get("segments", []) if isinstance(s, dict)]
        gpu = [s for s in segs if s.get("execution") != "host" and not s.get("host")]
        big = max(gpu, key=seg_bytes)
        out.update(total_ms=run.get("median_ms"), kernel_ms=sum(s.get("ms", 0) for s in gpu),
                   host_ms=sum(s.get("ms", 0) for s in segs if s not in gpu), segments=len(segs),
                   scheduler=big.get("scheduler"), largest_ms=big.get("ms"), largest_bytes=seg_bytes(big),
                   percent_of_peak=big.get("percent_of_peak"), device=run.get("device", {}).get("name"),
                   dram_gbps=run.get("device", {}).get("dram_gbps"), codegen=run.get("codegen", ""),
                   kernels=[k.get("name") for s in gpu for k in s.get("kernels", [])])
    except (OSError, ValueError, KeyError, TypeError) as err:
        out["error"] = str(err)[:160]
    return out


def read_rows(path):
    rows = []
    if os.path.exists(path):
        with open(path) as f:
            rows = [json.loads(line) for line in f if line.strip()]
    return rows


def medians(rows):
    """{(sample, variant): {kernel_ms, total_ms, percent_of_peak, scheduler, rounds}} over rounds."""
    out = {}
    for key in dict.fromkeys((r["sample"], r["variant"]) for r in rows):
        good = [r for r in rows if (r["sample"], r["variant"]) == key and r.get("kernel_ms")]
        if not good:
            continue
        pct = [r["percent_of_peak"] for r in good if isinstance(r.get("percent_of_peak"), (int, float))]
        out[key] = {"kernel_ms": statistics.median(r["kernel_ms"] for r in good),
                    "total_ms": statistics.median(r["total_ms"] for r in good if r.get("total_ms") is not None),
                    "largest_ms": statistics.median(r["largest_ms"] for r in good),
                    "percent_of_peak": statistics.median(pct) if pct else None,
                    "scheduler": good[0].get("scheduler"), "rounds": len(good), "args": good[0].get("args", "")}
    return out


def compare(path):
    rows = read_rows(path)
    m = medians(rows)
    variants = list(dict.fromkeys(r["variant"] for r in rows))
    samples = list(dict.fromkeys(r["sample"] for r in rows))
    lines = ["| sample | scheduler | " + " | ".join(variants) + " |", "|---|---|" + "---:|" * len(variants)]
    for s in samples:
        base = m.get((s, "base"))
        cells = []
        for v in variants:
            x = m.get((s, v))
            if not x:
                cells.append("-")
                continue
            text = "%.4f ms (%s %%)" % (x["kernel_ms"], "-" if x["percent_of_peak"] is None else "%.1f" % x["percent_of_peak"])
            if base and v != "base":
                text += " %.3fx" % (x["kernel_ms"] / base["kernel_ms"])
            cells.append(text)
        sched = (base or next(iter(x for (ss, _), x in m.items() if ss == s), {})).get("scheduler", "-")
        lines.append("| %s | %s | %s |" % (s, sched, " | ".join(cells)))
    errors = [r for r in rows if r.get("error")]
    lines.append("")
    lines.append("Kernel ms: the sum of the run's GPU segments (median of the rounds; each run the median of its "
                 "timed launches); %% of DRAM peak of the largest segment; x: against base. %d run(s) failed%s" %
                 (len(errors), "".join("\n- %s %s: %s" % (r["sample"], r["variant"], r["error"]) for r in errors)))
    return "\n".join(lines) + "\n"


def verified(work):
    runs = [p for p in glob.glob(os.path.join(work, "runs", "*.txt")) if not os.path.basename(p).startswith("cmp_")]
    passed, failed, args = 0, [], ""
    for txt in sorted(runs):
        stem = os.path.basename(txt)[:-4]
        ok = False
        try:
            with open(os.path.join(work, "runs", stem + ".json")) as f:
                run = json.load(f)
            ok = run.get("verify", {}).get("ok") is True
            args = args or run.get("codegen", "")
        except (OSError, ValueError):
            ok = False
        if ok:
            passed += 1
        else:
            failed.append(stem)
    return {"passed": passed, "total": len(runs), "failed": failed, "codegen": args}


def read_device(work):
    try:
        with open(os.path.join(work, "device.txt")) as f:
            parts = [p.strip() for p in f.readline().split(",")]
            return parts[0], (parts[1] if len(parts) > 1 else None)
    except OSError:
        return None, None


def latest(works, ships, date):
    device, driver = read_device(works[0])
    rows = []
    call_of = {}  # variant name -> the index of the call (work folder) that ran it
    for i, work in enumerate(works):
        for r in read_rows(os.path.join(work, "compare.jsonl")):
            if i:
                r["variant"] = "%s@%d" % (r["variant"], i + 1)
            call_of[r["variant"]] = i
            rows.append(r)
    m = medians(rows)
    samples = list(dict.fromkeys(s for s, _ in m))
    per_sample = []
    for s in samples:
        chosen = next((v for v in ships + ["base"] if (s, v) in m), None)
        x = m.get((s, chosen))
        if not x:
            continue
        entry = {"sample": s, "variant": chosen, "args": x["args"], "scheduler": x["scheduler"],
                 "family": family_of(x["scheduler"]), "kernel_ms": round(x["kernel_ms"], 5),
                 "largest_segment_ms": round(x["largest_ms"], 5), "total_ms": round(x["total_ms"], 5),
                 "percent_of_peak": None if x["percent_of_peak"] is None else round(x["percent_of_peak"], 1),
                 "variants": {v: round(y["kernel_ms"], 5) for (ss, v), y in m.items() if ss == s}}
        per_sample.append(entry)
    families = {}
    for fam, target in TARGETS.items():
        members = [e for e in per_sample if e["family"] == fam and e["percent_of_peak"] is not None]
        if members:
            worst = min(members, key=lambda e: e["percent_of_peak"])
            families[fam] = {"percent_of_peak": worst["percent_of_peak"], "sample": worst["sample"],
                             "target": target, "at_target": worst["percent_of_peak"] >= target,
                             "samples": {e["sample"]: e["percent_of_peak"] for e in members}}
    torch_rows, torch_call = [], []
    for i, work in enumerate(works):
        try:
            with open(os.path.join(work, "torch.json")) as f:
                got = json.load(f)
            torch_rows += got
            torch_call += [i] * len(got)
        except (OSError, ValueError):
            pass
    # A sample's ratio comes from the torch run of the call whose variant it quotes: that run
    # timed the binary and options the quoted figure came from (a later call's kernels are not
    # the ones an earlier call's torch run measured).
    quoted_call = {e["sample"]: call_of.get(e["variant"], 0) for e in per_sample}
    vs = {}
    for r, call in zip(torch_rows, torch_call):
        name = re.sub(r"_large$", "", r.get("sample", ""))
        if r.get("ours_over_compiled") is not None and quoted_call.get(name, 0) == call:
            vs[name] = round(r["ours_over_compiled"], 3)
    return {
        "device": device, "driver": driver, "date": date,
        "verified": verified(works[0]),
        "verified_in_later_calls": [verified(w) for w in works[1:]],
        "families": families,
        "per_sample": per_sample,
        "vs_torch_compile": vs,
        "vs_torch_compile_detail": [{k: r.get(k) for k in ("sample", "ours_kernel_ms", "compiled_ms", "eager_ms",
                                                             "compiled_fell_back_ms", "compiled_graphs", "graph_breaks",
                                                             "agree", "codegen", "timing")} | {"call": c + 1}
                                    for r, c in zip(torch_rows, torch_call)],
        "targets": {"families_percent_of_dram_peak": TARGETS, "ours_over_compiled_at_most": TORCH_TARGET},
        "ship": ships,
        "works": works,
        "source": "scripts/gpu_latest.py from the window's raw outputs (scripts/gpu_window15.sh)",
    }


def table(path):
    with open(path) as f:
        doc = json.load(f)
    lines = ["| family (by scheduler) | target % | worst large sample | % of DRAM peak | at target |",
             "|---|---:|---|---:|---|"]
    for fam, target in TARGETS.items():
        x = doc["families"].get(fam)
        if x:
            lines.append("| %s | %d | %s | %.1f | %s |" % (fam, target, x["sample"], x["percent_of_peak"],
                                                            "yes" if x["at_target"] else "no"))
        else:
            lines.append("| %s | %d | - | - | not measured |" % (fam, target))
    lines += ["", "| sample | scheduler | kernels ms | % of DRAM peak | ours / torch.compile |", "|---|---|---:|---:|---:|"]
    for e in doc["per_sample"]:
        ratio = doc["vs_torch_compile"].get(e["sample"])
        lines.append("| %s | %s | %.4f | %s | %s |" % (e["sample"], e["scheduler"], e["kernel_ms"],
                                                      "-" if e["percent_of_peak"] is None else "%.1f" % e["percent_of_peak"],
                                                      "-" if ratio is None else "%.2fx" % ratio))
    v = doc["verified"]
    calls = [v] + doc.get("verified_in_later_calls", [])
    said = "; ".join("call %d: %d of %d%s" % (i + 1, c["passed"], c["total"],
                                             " with %s" % c["codegen"] if c.get("codegen") else "")
                     for i, c in enumerate(calls))
    lines += ["", "%s, driver %s, %s: scripts verified on the device (%s)." % (
        doc["device"], doc["driver"], doc["date"], said)]
    return "\n".join(lines) + "\n"


BEGIN, END = "<!-- gpu-latest:begin (scripts/gpu_latest.py table) -->", "<!-- gpu-latest:end -->"


def into(doc_path, text):
    """DOC with the text between the markers replaced; None when the markers are missing."""
    with open(doc_path) as f:
        doc = f.read()
    if BEGIN not in doc or END not in doc:
        return None
    head, rest = doc.split(BEGIN, 1)
    return head + BEGIN + "\n" + text + rest[rest.index(END):]


def check(latest_path, doc_path):
    """0 when latest.json is what its raw outputs give and DOC holds its table, else 1 (says why)."""
    with open(latest_path) as f:
        stored = json.load(f)
    base = os.path.dirname(os.path.abspath(latest_path))
    here = os.getcwd()
    try:
        os.chdir(base)  # the work folders are recorded relative to latest.json
        again = latest(stored["works"], stored["ship"], stored["date"])
    finally:
        os.chdir(here)
    if json.loads(json.dumps(again)) != stored:
        print("%s differs from what scripts/gpu_latest.py derives from %s" % (latest_path, stored["works"]))
        return 1
    with open(doc_path) as f:
        current = f.read()
    wanted = into(doc_path, table(latest_path))
    if wanted is None:
        print("%s has no gpu-latest markers" % doc_path)
        return 1
    if wanted != current:
        print("%s's GPU table is not the one latest.json gives: run scripts/gpu_latest.py table %s --into %s" % (
            doc_path, latest_path, doc_path))
        return 1
    print("%s and %s agree with the raw outputs" % (latest_path, doc_path))
    return 0


def main(argv):
    if not argv:
        print(__doc__)
        return 2
    cmd, rest = argv[0], argv[1:]
    if cmd == "row":
        print(json.dumps(row(*rest[:5])))
    elif cmd == "compare":
        sys.stdout.write(compare(rest[0]))
    elif cmd == "latest":
        p = argparse.ArgumentParser()
        p.add_argument("--work", action="append", required=True)
        p.add_argument("--out", required=True)
        p.add_argument("--ship", default="fast", help="variants to quote, comma-separated, first preferred")
        p.add_argument("--date", default=datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d"))
        a = p.parse_args(rest)
        doc = latest(a.work, a.ship.split(","), a.date)
        with open(a.out, "w") as f:
            json.dump(doc, f, indent=1)
            f.write("\n")
        print("latest.json: %d samples, %d families, verified %d/%d" % (
            len(doc["per_sample"]), len(doc["families"]), doc["verified"]["passed"], doc["verified"]["total"]))
    elif cmd == "table":
        text = table(rest[0])
        if len(rest) >= 3 and rest[1] == "--into":
            updated = into(rest[2], text)
            if updated is None:
                print("%s has no markers %s ... %s" % (rest[2], BEGIN, END))
                return 1
            with open(rest[2], "w") as f:
                f.write(updated)
        else:
            sys.stdout.write(text)
    elif cmd == "check":
        return check(rest[0], rest[1])
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
