#!/usr/bin/env bash
# For a 15-minute lease use scripts/gpu_window15.sh (one call, a CLI carried from here, kbench,
# --codegen A/B, latest.json; prepared by scripts/gpu_prepare15.sh). This script builds on the
# device and suits longer leases.
#
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
#   scripts/gpu_window.sh all        the three in one call, for a lease too short for three: build
#                                    (the carried third_party_carry/bin/segscope-cli when the build
#                                    fails), check, the family bandwidths, a shorter sanitize, the
#                                    samples against torch, ncu; each phase under a share of
#                                    WINDOW_S (default 540 s), and everything bundled into at most
#                                    seven files in $OUT after every phase.
#
# Prepare once on the machine with the packages: scripts/gpu_check.sh --prepare-carry; then with the
# device tool: run(command="scripts/gpu_window.sh check", carry=["third_party_carry"]), and the other
# modes in the next calls while the machine is warm (the build folder lives in /tmp on it).
# Environment: OUT (default /tmp/gpu_out), BUILD (default /tmp/segscope-gpu-build), SAMPLE_TIMEOUT,
# GPU_VS_TORCH_ARGS (extra flags for bench/gpu_vs_torch.py, e.g. --no-compile).
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
MODE=${1:-check}
export OUT=${OUT:-/tmp/gpu_out}
export BUILD=${BUILD:-/tmp/segscope-gpu-build}
CLI="$BUILD/bin/segscope-cli"
mkdir -p "$OUT"
source "$ROOT/scripts/cuda_libs.sh"

need_build() {
  if [[ ! -x "$CLI" ]]; then
    echo "gpu_window: $CLI is not built; building it first (scripts/gpu_check.sh)"
    BACKEND=cuda "$ROOT/scripts/gpu_check.sh" >/dev/null 2>&1 || true
  fi
  [[ -x "$CLI" ]] || { echo "gpu_window: no segscope-cli at $CLI" >&2; exit 1; }
}

# Samples with reductions and normalizations: where a barrier or a shuffle can go wrong.
read -r -a SANITIZE_SAMPLES <<<"${SANITIZE_LIST:-softmax layer_norm_fwd layer_norm_bwd cross_entropy batch_norm_running_stats reduction_epilogue rms_norm inner_reduction outer_reduction inner_reduction_split outer_reduction_split}"
# One per kernel family of DESIGN §14 at least: pointwise (gelu, swiglu), transpose
# (transpose_heavy), reduction (reduction_epilogue, cross_entropy), normalization (softmax,
# rms_norm, layer_norm_fwd, batch_norm_running_stats).
read -r -a LARGE_SAMPLES <<<"${LARGE_LIST:-gelu swiglu transpose_heavy softmax rms_norm layer_norm_fwd batch_norm_running_stats reduction_epilogue cross_entropy}"
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
    for tool in ${SANITIZE_TOOLS:-racecheck synccheck memcheck}; do
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
    large="$BUILD/large"  # not under $OUT: only a few files come back from the device tool
    mkdir -p "$large"
    if part large || part ncu; then
      for stem in "${LARGE_SAMPLES[@]}"; do
        [[ -f "$large/${stem}_large.py" ]] ||
          python3 "$ROOT/bench/scale_sample.py" "$ROOT/samples/$stem.py" "$large/${stem}_large.py" | tee -a "$log"
      done
    fi
    # The family bandwidths first (the table the targets are read from), then the samples as
    # they are; each table is written row by row, so a timeout keeps what was measured.
    if part large; then
      # No --verify at this size: the CPU reference of a 256 MB fusion takes minutes; the samples
      # are verified at their own sizes by check; torch is still checked against export-torch's reference.
      # shellcheck disable=SC2086  # GPU_VS_TORCH_ARGS: extra flags, e.g. --no-compile for a short lease
      timeout "${LARGE_TIMEOUT:-300}" python3 "$ROOT/bench/gpu_vs_torch.py" --cli "$CLI" --repeat 10 --no-verify ${GPU_VS_TORCH_ARGS:-} \
        --out "$OUT/gpu_vs_torch_large.md" "$large"/*.py 2>&1 | tee -a "$log"
    fi
    if part samples; then
      # shellcheck disable=SC2086
      timeout "${PERF_TIMEOUT:-240}" python3 "$ROOT/bench/gpu_vs_torch.py" --cli "$CLI" ${GPU_VS_TORCH_ARGS:-} --out "$OUT/gpu_vs_torch.md" \
        2>&1 | tee -a "$log"
    fi
    if ! part ncu; then
      :
    elif command -v ncu >/dev/null; then
      for stem in ${NCU_LIST:-softmax layer_norm_fwd gelu transpose_heavy reduction_epilogue}; do
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

  all)
    # One call does everything; each phase gets what the window has left, so the last phases
    # shrink rather than the call being cut off before the bundle is written.
    WINDOW_S=${WINDOW_S:-540}
    STAGE=${STAGE:-/tmp/gpu_stage}
    FINAL_OUT=$OUT
    mkdir -p "$STAGE" "$BUILD"
    left() { echo $((WINDOW_S - SECONDS)); }
    cap() { local want=$1 l; l=$(($(left) - ${2:-20})); ((l < want)) && want=$l; ((want < 1)) && want=1; echo "$want"; }
    bundle() {
      {
        cat "$STAGE/build.log" 2>/dev/null
        cat "$STAGE/check/gpu_check.log" 2>/dev/null
        echo "==== progress"; cat "$STAGE/check/progress.txt" 2>/dev/null
      } >"$FINAL_OUT/check.log"
      for f in summary.md runs.json; do [[ -f "$STAGE/check/$f" ]] && cp "$STAGE/check/$f" "$FINAL_OUT/$f"; done
      { cat "$STAGE/sanitize/sanitize.txt" 2>/dev/null; cat "$STAGE/sanitize/sanitize_failures.txt" 2>/dev/null; } \
        >"$FINAL_OUT/sanitize.txt"
      cat "$STAGE"/perf*/perf.txt >"$FINAL_OUT/perf.txt" 2>/dev/null
      for f in gpu_vs_torch_large.md gpu_vs_torch.md; do
        src=$(ls "$STAGE"/perf*/"$f" 2>/dev/null | head -1)
        [[ -n "$src" ]] && cp "$src" "$FINAL_OUT/$f"
      done
      echo "[window] bundled at ${SECONDS}s of $WINDOW_S"
    }
    {
      echo "==== build on the device (no GUI, no Graphviz)"
      nlohmann=()
      [[ -f "$ROOT/third_party_carry/include/nlohmann/json.hpp" ]] &&
        nlohmann=(-DSEGSCOPE_NLOHMANN_DIR="$ROOT/third_party_carry/include")
      cuda=()
      if [[ ! -d /usr/local/cuda ]] && command -v nvcc >/dev/null; then
        cuda=(-DCUDAToolkit_ROOT="$(dirname "$(dirname "$(command -v nvcc)")")")
      fi
      start=$SECONDS
      timeout "$(cap 200 300)" bash -c 'cmake -S "$1" -B "$2" -G Ninja -DCMAKE_BUILD_TYPE=Release \
          -DSEGSCOPE_BUILD_UI=OFF -DSEGSCOPE_WITH_GRAPHVIZ=OFF -DSEGSCOPE_WITH_CUDA=ON "${@:3}" >"$2/configure.log" 2>&1 &&
          cmake --build "$2" -j "$(nproc)" --target segscope-cli 2>&1 | tail -5' _ "$ROOT" "$BUILD" "${nlohmann[@]}" "${cuda[@]}"
      if [[ -x "$CLI" ]]; then
        echo "built segscope-cli on the device in $((SECONDS - start)) s"
      else
        tail -20 "$BUILD/configure.log" 2>/dev/null
        mkdir -p "$BUILD/bin"
        cp "$ROOT/third_party_carry/bin/segscope-cli" "$CLI" 2>/dev/null &&
          echo "device build failed after $((SECONDS - start)) s: using the carried segscope-cli"
      fi
    } >"$STAGE/build.log" 2>&1
    cat "$STAGE/build.log"
    bundle
    OUT="$STAGE/check" SKIP_BUILD=1 SAMPLE_TIMEOUT=${SAMPLE_TIMEOUT:-40} timeout "$(cap 170 200)" "$ROOT/scripts/gpu_check.sh" |
      tail -45
    bundle
    # One sample per family first (pointwise, normalization, transpose, reduction), in case time runs out.
    OUT="$STAGE/perf1" PERF_PARTS="ceiling large" LARGE_TIMEOUT=$(cap 130 170) \
      LARGE_LIST=${LARGE_LIST:-"gelu softmax transpose_heavy reduction_epilogue layer_norm_fwd rms_norm swiglu cross_entropy batch_norm_running_stats"} \
      "$ROOT/scripts/gpu_window.sh" perf | tail -15
    bundle
    OUT="$STAGE/sanitize" SANITIZE_TOOLS="racecheck synccheck memcheck" \
      SANITIZE_LIST=${SANITIZE_LIST:-"softmax layer_norm_fwd batch_norm_running_stats gelu"} SAMPLE_TIMEOUT=25 \
      timeout "$(cap 90 120)" "$ROOT/scripts/gpu_window.sh" sanitize | tail -12
    bundle
    OUT="$STAGE/perf2" PERF_PARTS="samples" PERF_TIMEOUT=$(cap 200 50) "$ROOT/scripts/gpu_window.sh" perf | tail -40
    bundle
    OUT="$STAGE/perf3" PERF_PARTS="ncu" NCU_LIST=${NCU_LIST:-"softmax gelu transpose_heavy reduction_epilogue"} \
      SAMPLE_TIMEOUT=15 timeout "$(cap 60 8)" "$ROOT/scripts/gpu_window.sh" perf | tail -20
    bundle
    ;;

  *)
    echo "usage: scripts/gpu_window.sh check|sanitize|perf|all" >&2
    exit 2
    ;;
esac
