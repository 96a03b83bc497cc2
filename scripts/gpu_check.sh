#!/usr/bin/env bash
# GPU acceptance check for the CUDA backend (issue 7), for a session that has a GPU machine:
# builds segscope-cli (+ the Qt Test suites when Qt 6 is there) without the GUI and Graphviz,
# runs `ctest -L gpu`, runs `run --backend cuda --verify --json` on every sample, and writes a
# summary table to ${OUT:-/tmp/gpu_out}.
#
# The GPU image has CMake, ninja, nvcc/NVRTC and a driver but no nlohmann/json (and no Qt). So,
# once, HERE (on the machine with the packages):
#     scripts/gpu_check.sh --prepare-carry    # copies nlohmann/json into third_party_carry/ (git-ignored)
# then with the device tool: run(command="scripts/gpu_check.sh", carry=["third_party_carry"]).
# Qt: the ctest step runs only where Qt 6 Core+Test are found (CMAKE_PREFIX_PATH includes
# third_party_carry/qt6 for a carried Qt); without it the script says so and the CLI loop below
# still checks every sample on the GPU against the CPU reference.
#
# Environment: OUT (results; at most 8 files come back from the device tool, so everything is
# bundled into 4), BUILD (build folder, default /tmp/segscope-gpu-build), JOBS, REPEAT (timed
# launches per segment, default 10), BACKEND (cuda; "cpu" dry-runs the loop and the summary on a
# machine without a GPU), SKIP_BUILD=1 (reuse BUILD as it is), SAMPLE_TIMEOUT (seconds per
# sample, default 120).
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
CARRY="$ROOT/third_party_carry"

if [[ "${1:-}" == "--prepare-carry" ]]; then
  src=$(dirname "$(find /usr/include /usr/local/include -path '*/nlohmann/json.hpp' 2>/dev/null | head -1)")
  [[ -d "$src" ]] || { echo "nlohmann/json.hpp not found under /usr/include or /usr/local/include" >&2; exit 1; }
  mkdir -p "$CARRY/include"
  rm -rf "$CARRY/include/nlohmann"
  cp -r "$src" "$CARRY/include/nlohmann"
  echo "copied $src to $CARRY/include/nlohmann ($(du -sh "$CARRY" | cut -f1)); carry third_party_carry"
  exit 0
fi

OUT=${OUT:-/tmp/gpu_out}
BUILD=${BUILD:-/tmp/segscope-gpu-build}
JOBS=${JOBS:-$(nproc)}
REPEAT=${REPEAT:-10}
BACKEND=${BACKEND:-cuda}
RUNS="$BUILD/gpu_check_runs"  # one JSON per sample; bundled into $OUT/runs.json at the end
mkdir -p "$OUT" "$RUNS"
LOG="$OUT/gpu_check.log"
: >"$LOG"
exec > >(tee -a "$LOG") 2>&1

step() { echo; echo "==== $*"; }

step "environment"
date -u
uname -a
command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.memory --format=csv
command -v nvcc >/dev/null && nvcc --version | tail -2
cmake --version | head -1
${CXX:-c++} --version | head -1

if [[ "${SKIP_BUILD:-0}" != "1" ]]; then
  step "configure (no GUI, no Graphviz, CUDA required)"
  generator=()
  command -v ninja >/dev/null && generator=(-G Ninja)
  nlohmann=()
  if [[ -f "$CARRY/include/nlohmann/json.hpp" ]]; then
    nlohmann=(-DSEGSCOPE_NLOHMANN_DIR="$CARRY/include")
  fi
  # CUDAToolkit_ROOT: cmake/cuda.cmake looks in /usr/local/cuda by default; follow nvcc otherwise.
  cuda=()
  if [[ ! -d /usr/local/cuda ]] && command -v nvcc >/dev/null; then
    cuda=(-DCUDAToolkit_ROOT="$(dirname "$(dirname "$(command -v nvcc)")")")
  fi
  cmake -S "$ROOT" -B "$BUILD" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
    -DSEGSCOPE_BUILD_UI=OFF -DSEGSCOPE_WITH_GRAPHVIZ=OFF -DSEGSCOPE_WITH_CUDA=ON \
    -DCMAKE_PREFIX_PATH="$CARRY/qt6;$CARRY" "${nlohmann[@]}" "${cuda[@]}" || { echo "configure failed"; exit 1; }

  step "build segscope-cli"
  cmake --build "$BUILD" -j "$JOBS" --target segscope-cli || { echo "build of segscope-cli failed"; exit 1; }
fi

CLI="$BUILD/bin/segscope-cli"
source "$ROOT/scripts/cuda_libs.sh"
echo "LD_LIBRARY_PATH=${LD_LIBRARY_PATH:-}"
GPU_TESTS=(test_exec_cuda_device test_exec_cuda_runner test_exec_cuda_nvrtc test_exec_cuda_driver)
step "ctest -L gpu"
if [[ "${SKIP_BUILD:-0}" != "1" ]] && cmake --build "$BUILD" --target help 2>/dev/null | grep -q test_exec_cuda_device; then
  cmake --build "$BUILD" -j "$JOBS" --target "${GPU_TESTS[@]}"
fi
if [[ -d "$BUILD/tests" ]]; then
  {
    ctest --test-dir "$BUILD" -L gpu --output-on-failure --timeout 900
    # The fake-driver, NVRTC and driver suites too: cheap, and they run against this toolkit/driver.
    ctest --test-dir "$BUILD" -R 'test_exec_cuda_(runner|nvrtc|driver)$' --output-on-failure --timeout 900
  } 2>&1 | tee "$OUT/ctest_gpu.txt"
else
  echo "Qt 6 Test was not found, so no test suites were built: ctest -L gpu skipped" | tee "$OUT/ctest_gpu.txt"
  echo "(carry a Qt 6 Core+Test install as third_party_carry/qt6 to run them); the sample loop below still runs"
fi

step "run --backend $BACKEND --verify on every sample, CUDA golden and CUDA test script (repeat $REPEAT)"
failures=0
: >"$OUT/progress.txt"
# The samples, then the CUDA goldens and test data (split reductions, bool any/all, matmul
# shapes): what test_exec_cuda_device covers, for a device image without Qt to build it.
for sample in "$ROOT"/samples/*.py "$ROOT"/tests/engine/exec/cuda/golden/*.py "$ROOT"/tests/engine/exec/cuda/data/*.py; do
  stem=$(basename "$sample" .py)
  [[ "$sample" == "$ROOT"/samples/* ]] || stem="test-$stem"
  echo "---- $stem"
  # Each sample in its own process, under a time limit: a device fault or a hang costs that
  # sample only, and the progress line in $OUT says how far the loop got if the call is cut short.
  timeout "${SAMPLE_TIMEOUT:-120}" "$CLI" run "$sample" --backend "$BACKEND" --verify --repeat "$REPEAT" \
    --json "$RUNS/$stem.json"
  rc=$?
  [[ $rc -eq 124 ]] && echo "$stem: timed out after ${SAMPLE_TIMEOUT:-120} s"
  echo "$rc" >"$RUNS/$stem.rc"
  echo "$stem rc=$rc" >>"$OUT/progress.txt"
  [[ $rc -eq 0 ]] || failures=$((failures + 1))
done

step "summary"
python3 - "$RUNS" "$OUT" <<'PY'
import json, os, sys
runs, out = sys.argv[1], sys.argv[2]
bundle, rows = {}, []
for name in sorted(f[:-3] for f in os.listdir(runs) if f.endswith(".rc")):
    rc = int(open(os.path.join(runs, name + ".rc")).read().strip() or "1")
    path = os.path.join(runs, name + ".json")
    j = json.load(open(path)) if os.path.exists(path) else None
    bundle[name] = {"rc": rc, "run": j}
    if not j:
        rows.append(f"| {name} | {rc}{' (timed out)' if rc == 124 else ''} | no json | | | | | | |")
        continue
    segs = j.get("segments", [])
    ok = j.get("verify", {}).get("ok")
    execs = {}
    for s in segs:
        execs[s.get("execution", "?")] = execs.get(s.get("execution", "?"), 0) + 1
    device_segs = [s for s in segs if s.get("execution") in ("kernels", "cublaslt", "cpu")]
    big = max(device_segs, key=lambda s: s["bytes_in"] + s["bytes_out"], default=None)
    pct = big.get("percent_of_peak", -1) if big else -1
    big_text = f"{big['id']} {big['scheduler']}" if big else "-"
    rows.append("| {} | {} | {} | {} ({}) | {:.4f} | {} | {:.4f} | {:.1f} | {} |".format(
        name, rc, "ok" if ok else "FAIL", len(segs), " ".join(f"{k}:{v}" for k, v in sorted(execs.items())),
        j.get("median_ms", 0), big_text, big["ms"] if big else 0, big["gbps"] if big else 0,
        f"{pct:.1f}%" if pct is not None and pct >= 0 else "-"))
device = next((b["run"]["device"] for b in bundle.values() if b["run"] and "device" in b["run"]), {})
head = [f"device: {device.get('name', '?')}, DRAM {device.get('dram_gbps', 0):.0f} GB/s",
        "",
        "| sample | rc | verify | segments (execution) | total ms (sum of medians) | largest segment | its ms | its GB/s | % of DRAM peak |",
        "|---|---|---|---|---|---|---|---|---|"]
text = "\n".join(head + rows) + "\n"
open(os.path.join(out, "summary.md"), "w").write(text)
json.dump(bundle, open(os.path.join(out, "runs.json"), "w"), indent=1)
print(text)
PY

echo "$failures sample(s) failed; results in $OUT (summary.md, runs.json, ctest_gpu.txt, gpu_check.log)"
[[ $failures -eq 0 ]]
