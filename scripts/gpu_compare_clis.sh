#!/usr/bin/env bash
# Times the same samples under several segscope-cli builds in one device call: codegen variants
# that only a GPU can tell apart (register caps, loop shapes) are built here, carried in
# third_party_carry/bin, and compared on one warm card, interleaved so that drift hits them alike.
#
#   scripts/gpu_compare_clis.sh "CLI_A CLI_B ..." STEM...
#
# STEM is a sample name (samples/STEM.py); its 128-256 MB version (bench/scale_sample.py) is
# what runs. Writes $OUT/compare_clis.md: per sample and CLI, the median of ROUNDS runs of the
# total median ms and the largest segment's % of DRAM peak. Environment: OUT (default
# /tmp/gpu_out), REPEAT (timed runs per call, default 20), ROUNDS (default 3).
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
read -r -a CLIS <<<"${1:?usage: gpu_compare_clis.sh \"CLI...\" STEM...}"
shift
OUT=${OUT:-/tmp/gpu_out}
LARGE=${LARGE:-/tmp/segscope-compare-large}
mkdir -p "$OUT" "$LARGE"
source "$ROOT/scripts/cuda_libs.sh"

for stem in "$@"; do
  [[ -f "$LARGE/${stem}_large.py" ]] ||
    python3 "$ROOT/bench/scale_sample.py" "$ROOT/samples/$stem.py" "$LARGE/${stem}_large.py" >/dev/null
done

raw="$OUT/compare_clis.jsonl"
: >"$raw"
for round in $(seq "${ROUNDS:-3}"); do
  for stem in "$@"; do
    for cli in "${CLIS[@]}"; do
      json=$(mktemp)
      timeout 60 "$cli" run "$LARGE/${stem}_large.py" --backend cuda --repeat "${REPEAT:-20}" --json "$json" \
        >/dev/null 2>"$json.err"
      python3 - "$json" "$stem" "$cli" "$round" "$?" >>"$raw" <<'EOF'
import json, os, sys
path, stem, cli, rnd, rc = sys.argv[1:]
row = {"sample": stem, "cli": os.path.basename(cli), "round": int(rnd)}
try:
    run = json.load(open(path))
    segs = [s for s in run.get("segments", []) if not s.get("host")]
    big = max(segs, key=lambda s: s.get("ms", 0)) if segs else {}
    row.update(total_ms=run.get("median_ms"), largest_ms=big.get("ms"), pct=big.get("percent_of_peak"))
except Exception as err:  # a failed run is a row too
    row["error"] = (open(path + ".err").read().strip().splitlines() or [str(err)])[-1][:200]
print(json.dumps(row))
EOF
      rm -f "$json" "$json.err"
    done
  done
  echo "round $round done"
done

python3 - "$raw" "$OUT/compare_clis.md" <<'EOF'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
clis = list(dict.fromkeys(r["cli"] for r in rows))
samples = list(dict.fromkeys(r["sample"] for r in rows))
out = ["| sample | " + " | ".join(clis) + " |", "|---|" + "---:|" * len(clis)]
for s in samples:
    cells = []
    for c in clis:
        mine = [r for r in rows if r["sample"] == s and r["cli"] == c and r.get("total_ms")]
        if not mine:
            err = next((r.get("error") for r in rows if r["sample"] == s and r["cli"] == c), "no run")
            cells.append("error: %s" % err)
            continue
        ms = statistics.median(r["total_ms"] for r in mine)
        pct = statistics.median(r["pct"] for r in mine if r.get("pct") is not None)
        cells.append("%.3f ms (%.1f %%)" % (ms, pct))
    out.append("| %s | %s |" % (s, " | ".join(cells)))
open(sys.argv[2], "w").write("\n".join(out) + "\n")
print("\n".join(out))
EOF
