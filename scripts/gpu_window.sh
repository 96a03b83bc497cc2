#!/usr/bin/env bash
# The GPU window (issue 16, cuda-review.md §E): one script per kind of call, each writing its
# results under $OUT as it goes, so a call cut short by its time limit still returns what it measured.
#
#   scripts/gpu_window.sh check      build (no GUI, no Graphviz), ctest -L gpu, every sample with
#                                    run --backend cuda --verify (scripts/gpu_check.sh)
#   scripts/gpu_window.sh sanitize   compute-sanitizer racecheck, synccheck and memcheck on the
#                                    reduction and normalization samples (reuses check's build)
#   scripts/gpu_window.sh perf       copy-bandwidth ceiling; row-scaled 128-256 MB versions of the
#                                    main samples (bench/scale_sample.py) against eager and compiled
#                                    torch: the family bandwidths; every sample at its own size; ncu's
#                                    DRAM throughput on the large versions (reuses check's build).
#                                    PERF_PARTS="ceiling large samples ncu" picks parts (that order).
#
# Prepare once on the machine with the packages: scripts/gpu_check.sh --prepare-carry; then with the
# device tool: run(command="scripts/gpu_window.sh check", carry=["third_party_carry"]), and the other
# modes in the next calls while the machine is warm (the build folder lives in /tmp on it).
# Environment: OUT (default /tmp/gpu_out), BUILD (default /tmp/segscope-gpu-build), SAMPLE_TIMEOUT.
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
MODE=${1:-check}
export OUT=${OUT:-/tmp/gpu_out}
export BUILD=${BUILD:-/tmp/segscope-gpu-build}
CLI="$BUILD/bin/segscope-cli"
mkdir -p "$OUT"

need_build() {
  if [[ ! -x "$CLI" ]]; then
    echo "gpu_window: $CLI is not built; building it first (scripts/gpu_check.sh)"
    BACKEND=cuda "$ROOT/scripts/gpu_check.sh" >/dev/null 2>&1 || true
  fi
  [[ -x "$CLI" ]] || { echo "gpu_window: no segscope-cli at $CLI" >&2; exit 1; }
}

# Samples with reductions and normalizations: where a barrier or a shuffle can go wrong.
SANITIZE_SAMPLES=(softmax layer_norm_fwd layer_norm_bwd cross_entropy batch_norm_running_stats reduction_epilogue
                  rms_norm inner_reduction outer_reduction inner_reduction_split outer_reduction_split)
# One per kernel family of DESIGN §14 at least: pointwise (gelu, swiglu), transpose
# (transpose_heavy), reduction (reduction_epilogue, cross_entropy), normalization (softmax,
# rms_norm, layer_norm_fwd, batch_norm_running_stats).
LARGE_SAMPLES=(gelu swiglu transpose_heavy softmax rms_norm layer_norm_fwd batch_norm_running_stats reduction_epilogue
               cross_entropy)
part() { [[ " ${PERF_PARTS:-ceiling large samples ncu} " == *" $1 "* ]]; }

case "$MODE" in
  check)
    exec "$ROOT/scripts/gpu_check.sh"
    ;;

  sanitize)
    need_build
    command -v compute-sanitizer >/dev/null || { echo "gpu_window: compute-sanitizer not found" >&2; exit 1; }
    log="$OUT/sanitize.txt"
    : >"$log"
    failures=0
    for tool in racecheck synccheck memcheck; do
      for stem in "${SANITIZE_SAMPLES[@]}"; do
        sample="$ROOT/samples/$stem.py"
        [[ -f "$sample" ]] || sample="$ROOT/tests/engine/exec/cuda/golden/$stem.py"
        [[ -f "$sample" ]] || continue
        # One warm-up-free launch per segment is enough to check; the sanitizer slows kernels 10-100x.
        out=$(timeout "${SAMPLE_TIMEOUT:-300}" compute-sanitizer --tool "$tool" --error-exitcode 99 \
          "$CLI" run "$sample" --backend cuda --repeat 1 --warmup 0 2>&1)
        rc=$?
        summary=$(grep -E "ERROR SUMMARY|RACECHECK SUMMARY|error" <<<"$out" | tail -1)
        echo "$tool $stem rc=$rc ${summary}" | tee -a "$log"
        if [[ $rc -ne 0 ]]; then
          failures=$((failures + 1))
          { echo "---- $tool $stem"; tail -40 <<<"$out"; } >>"$OUT/sanitize_failures.txt"
        fi
      done
    done
    echo "$failures sanitizer run(s) failed; $log" | tee -a "$log"
    [[ $failures -eq 0 ]]
    ;;

  perf)
    need_build
    log="$OUT/perf.txt"
    : >"$log"
    # The ceiling every "% of DRAM peak" is read against: a device-to-device copy of 1 GiB.
    part ceiling && python3 - <<'PY' 2>&1 | tee -a "$log"
import torch
if torch.cuda.is_available():
    n = 1 << 30
    a, b = torch.empty(n, dtype=torch.uint8, device="cuda"), torch.empty(n, dtype=torch.uint8, device="cuda")
    for _ in range(3):
        b.copy_(a)
    times = []
    for _ in range(10):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record(); b.copy_(a); e.record(); torch.cuda.synchronize()
        times.append(s.elapsed_time(e))
    times.sort()
    ms = times[len(times) // 2]
    print(f"copy ceiling: {2 * n / (ms * 1e6):.0f} GB/s (1 GiB device-to-device copy, median of 10, {ms:.3f} ms)")
    print(f"device: {torch.cuda.get_device_name(0)}, torch {torch.__version__}")
else:
    print("copy ceiling: no CUDA device visible to torch")
PY
    large="$OUT/large"
    mkdir -p "$large"
    for stem in "${LARGE_SAMPLES[@]}"; do
      python3 "$ROOT/bench/scale_sample.py" "$ROOT/samples/$stem.py" "$large/${stem}_large.py" | tee -a "$log"
    done
    # The family bandwidths first (the table the targets are read from), then the samples as
    # they are; each table is written row by row, so a timeout keeps what was measured.
    if part large; then
      timeout "${LARGE_TIMEOUT:-300}" python3 "$ROOT/bench/gpu_vs_torch.py" --cli "$CLI" --repeat 10 \
        --out "$OUT/gpu_vs_torch_large.md" "$large"/*.py 2>&1 | tee -a "$log"
    fi
    if part samples; then
      timeout "${PERF_TIMEOUT:-240}" python3 "$ROOT/bench/gpu_vs_torch.py" --cli "$CLI" --out "$OUT/gpu_vs_torch.md" \
        2>&1 | tee -a "$log"
    fi
    if ! part ncu; then
      :
    elif command -v ncu >/dev/null; then
      for stem in softmax layer_norm_fwd gelu transpose_heavy reduction_epilogue; do
        sample="$large/${stem}_large.py"
        [[ -f "$sample" ]] || continue
        echo "---- ncu $stem (large)" | tee -a "$log"
        timeout "${SAMPLE_TIMEOUT:-120}" ncu --metrics dram__throughput.avg.pct_of_peak_sustained_elapsed,gpu__time_duration.sum \
          "$CLI" run "$sample" --backend cuda --repeat 1 --warmup 0 2>&1 | grep -E "sg_seg|dram__|gpu__time" | tee -a "$log"
      done
    else
      echo "ncu not found: DRAM throughput per kernel skipped" | tee -a "$log"
    fi
    ;;

  *)
    echo "usage: scripts/gpu_window.sh check|sanitize|perf" >&2
    exit 2
    ;;
esac
