#!/usr/bin/env bash
# One 15-minute GPU window (issue 44) in ONE device call: everything prepared here beforehand
# (scripts/gpu_prepare15.sh fills third_party_carry/), nothing compiled there unless the carried
# CLI fails to start. Each phase is capped by what the window has left and rewrites its files
# under $OUT as it goes, so a call cut off at its limit still returns what it measured.
#
#   run(command="WINDOW_S=480 scripts/gpu_window15.sh", carry=["third_party_carry"], timeout_s=540)
#
# Phases (the files under $OUT: at most 8 come back from the device tool):
#   P0 the card and clocks; the carried CLI starts; one verified smoke run       timeline.txt
#   P1 kbench: copy/read ceilings, the flush bias, hand-made kernel variants     kbench.md, kbench.csv
#   P2 every sample, golden and CUDA test script verified with VERIFY_ARGS       verify.md
#   P3 --codegen variants interleaved on the large samples, ROUNDS rounds        compare.md
#   P4 compute-sanitizer on the kernels the candidate options change             (timeline.txt)
#   P5 torch eager and torch.compile on the large samples, timed the same way    torch.md
#   end latest.json from the raw outputs (scripts/gpu_latest.py); all.tgz holds every raw file
#
# Environment: WINDOW_S (default 480), VERIFY_ARGS (candidate defaults to verify every script with,
# e.g. "--codegen fast_math=1"; default none: the tree's defaults), VARIANTS ("name|run args|stems;..." where stems "" means every large
# sample), ROUNDS (2), REPEAT (timed launches per CLI run, 20), TORCH_STEMS, SANITIZE_STEMS (sample
# stems, or script paths from the root),
# PHASES (default "kbench verify compare sanitize torch": a short second call names fewer),
# VERIFY_LIST (script paths relative to the root; default every sample, golden and test script).
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
C=$ROOT/third_party_carry
OUT=${OUT:-/tmp/gpu_out}
W=/tmp/w15
mkdir -p "$OUT" "$W/runs"
WINDOW_S=${WINDOW_S:-480}
T0=$SECONDS
export PYTHONUNBUFFERED=1
source "$ROOT/scripts/cuda_libs.sh"
CLI=${CLI:-$C/bin/segscope-cli}
VERIFY_ARGS=${VERIFY_ARGS:-}
LARGE=$W/large
mkdir -p "$LARGE"
cp "$C"/large/*.py "$ROOT"/bench/large/*.py "$LARGE"/ 2>/dev/null

phase() { [[ " ${PHASES:-kbench verify compare sanitize torch} " == *" $1 "* ]]; }
left() { echo $((WINDOW_S - (SECONDS - T0))); }
cap() {
  local want=$1 l=$(($(left) - ${2:-15}))
  ((l < want)) && want=$l
  ((want < 1)) && want=1
  echo "$want"
}
log() { echo "[$((SECONDS - T0)) s] $*" | tee -a "$OUT/timeline.txt"; }
bundle() { tar czf "$OUT/all.tgz" -C "$W" --exclude=large . 2>/dev/null; }

# ---- P0: the card as found; the carried binaries start (else a device build, the fallback)
log "start $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv,noheader 2>&1)"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >"$W/device.txt" 2>&1
if ! "$CLI" --help >/dev/null 2>&1; then
  cmake -S "$ROOT" -B /tmp/b15 -G Ninja -DCMAKE_BUILD_TYPE=Release -DSEGSCOPE_BUILD_UI=OFF \
    -DSEGSCOPE_WITH_GRAPHVIZ=OFF -DSEGSCOPE_BUILD_TESTS=OFF -DSEGSCOPE_WITH_CUDA=ON \
    -DSEGSCOPE_NLOHMANN_DIR="$C/include" >"$W/build.txt" 2>&1 &&
    timeout "$(cap 120)" cmake --build /tmp/b15 -j "$(nproc)" --target segscope-cli >>"$W/build.txt" 2>&1
  log "the carried CLI did not start; device build rc=$?"
  CLI=/tmp/b15/bin/segscope-cli
fi
timeout 40 "$CLI" run "$ROOT/samples/softmax.py" --backend cuda --verify --repeat 1 $VERIFY_ARGS >"$W/smoke.txt" 2>&1
log "smoke rc=$? $(grep -E '^verify|error' "$W/smoke.txt" | head -1)"

# ---- P1: kbench (ceilings, flush bias, hand-made kernel variants, each checked against its base)
KBENCH=$C/bin/kbench
if phase kbench && [[ ! -x "$KBENCH" ]]; then
  nvcc -O3 -std=c++17 -arch=sm_90 -o /tmp/kbench "$C/kbench/kbench.cu" && KBENCH=/tmp/kbench
fi
if phase kbench; then
  REPEAT=${KBENCH_REPEAT:-20} COMPARE_STRIDE=${COMPARE_STRIDE:-3} timeout "$(cap ${KBENCH_S:-110})" "$KBENCH" \
    "$OUT/kbench.csv" >"$OUT/kbench.md" 2>&1
  log "kbench rc=$? ($(grep -c '^| ' "$OUT/kbench.md") rows)"
  bundle
fi

# ---- P2: every script verified with the candidate options
fails=0
: >"$OUT/verify.md"
echo "| script | rc | verify (VERIFY_ARGS: $VERIFY_ARGS) |" >>"$OUT/verify.md"
echo "|---|---:|---|" >>"$OUT/verify.md"
if [[ -n "${VERIFY_LIST:-}" ]]; then
  read -r -a scripts <<<"$(for v in $VERIFY_LIST; do echo -n "$ROOT/$v "; done)"
else
  scripts=("$ROOT"/samples/*.py "$ROOT"/tests/engine/exec/cuda/golden/*.py "$ROOT"/tests/engine/exec/cuda/data/*.py)
fi
phase verify || scripts=()
for f in "${scripts[@]}"; do
  [[ -f "$f" ]] || continue
  (($(left) > ${P2_RESERVE:-250})) || { log "verify stopped early to leave time"; break; }
  stem=$(basename "$f" .py)
  # shellcheck disable=SC2086
  timeout 30 "$CLI" run "$f" --backend cuda --verify --repeat 1 --warmup 0 $VERIFY_ARGS --json "$W/runs/$stem.json" \
    >"$W/runs/$stem.txt" 2>&1
  rc=$?
  v=$(grep -E "^verify|error" "$W/runs/$stem.txt" | head -1 | cut -c1-140 | tr '|' '/')
  echo "| $stem | $rc | $v |" >>"$OUT/verify.md"
  ((rc == 0)) || fails=$((fails + 1))
done
log "verify: $fails failing of $(($(wc -l <"$OUT/verify.md") - 2))"
bundle

# ---- P3: --codegen variants interleaved on the large samples
ALL_STEMS="gelu swiglu transpose_heavy tile_transpose transpose_add softmax rms_norm layer_norm_fwd batch_norm_running_stats reduction_epilogue inner_sum column_sum cross_entropy layer_norm_bwd"
# The defaults' open questions (docs/performance.md, 2026-11-28): column reductions filling the GPU
# with more row splits (column_sum ran 5 splits of 64 column blocks at 30 % of DRAM peak).
# The candidates not yet measured, each on the large samples it changes (stems "" = every one):
# entries specialized on the layout, with 32-bit indices, vector lanes through slices and
# reshapes, later row passes walked backwards, column sums folded into the row kernel, row
# widths set by the loads, vector column statistics, long rows on clusters, outputs in their
# allocation order, the next row prefetched to L2; and 8 loads in flight for reductions.
VARIANTS=${VARIANTS:-"base||;hostlayout|--codegen host_layout=1|;hl32|--codegen host_layout=1 --codegen index32=1|;lanes|--codegen vector_lanes=1|swiglu transpose_heavy gelu;reverse|--codegen reverse_reread=1|reduction_epilogue cross_entropy;innerouter|--codegen inner_outer=1|layer_norm_bwd;loadwidth|--codegen row_width_from_inputs=1|cross_entropy;welfordvec|--codegen column_vector_welford=1|batch_norm_running_stats;cluster|--codegen row_cluster=8|reduction_epilogue;allocorder|--codegen output_allocation_order=1|tile_transpose;unroll8|--codegen reduction_unroll=8|inner_sum column_sum batch_norm_running_stats;prefetch|--codegen prefetch_next_row=1|softmax rms_norm layer_norm_fwd cross_entropy;all|--codegen host_layout=1 --codegen index32=1 --codegen vector_lanes=1 --codegen reverse_reread=1 --codegen inner_outer=1 --codegen row_width_from_inputs=1 --codegen column_vector_welford=1 --codegen row_cluster=8 --codegen output_allocation_order=1 --codegen prefetch_next_row=1|"}
: >"$W/compare.jsonl"
IFS=';' read -r -a VS <<<"$VARIANTS"
phase compare || ROUNDS=0
for round in $(seq 1 "${ROUNDS:-2}"); do
  for stem in $ALL_STEMS; do
    sample="$LARGE/${stem}_large.py"
    [[ -f "$sample" ]] || continue
    for v in "${VS[@]}"; do
      IFS='|' read -r name extra stems <<<"$v"
      [[ -z "$stems" || " $stems " == *" $stem "* ]] || continue
      (($(left) > ${P3_RESERVE:-150})) || break 3
      j="$W/runs/cmp_${stem}_${name}_$round.json"
      # shellcheck disable=SC2086
      timeout 60 "$CLI" run "$sample" --backend cuda --repeat "${REPEAT:-20}" $extra --json "$j" >"$W/runs/cmp_${stem}_${name}_$round.txt" 2>&1
      python3 "$ROOT/scripts/gpu_latest.py" row "$j" "$stem" "$name" "$round" "$extra" >>"$W/compare.jsonl"
    done
  done
  python3 "$ROOT/scripts/gpu_latest.py" compare "$W/compare.jsonl" >"$OUT/compare.md"
  log "compare round $round done"
  bundle
done

# ---- P4: sanitizers on the kernels the candidate options change (their own sizes, one launch)
phase sanitize || SANITIZE_STEMS=" "
for stem in ${SANITIZE_STEMS:-gelu softmax cross_entropy}; do
  for tool in memcheck racecheck; do
    (($(left) > ${P4_RESERVE:-110})) || break 2
    # shellcheck disable=SC2086
    script=$ROOT/samples/$stem.py
    [[ $stem == */* ]] && script=$ROOT/$stem  # a path from the root (a golden case)
    out=$(timeout 25 compute-sanitizer --tool $tool --error-exitcode 99 "$CLI" run "$script" \
      --backend cuda --repeat 1 --warmup 0 $VERIFY_ARGS 2>&1)
    rc=$?
    echo "$tool $stem rc=$rc $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' <<<"$out" | tail -1)" >>"$W/sanitize.txt"
    log "sanitize $tool $stem rc=$rc"
  done
done
bundle

# ---- P5: torch eager and compiled on the large samples, timed like ours (bench/gpu_vs_torch.py)
if phase torch && (($(left) > 60)); then
  files=()
  for s in ${TORCH_STEMS:-transpose_add gelu softmax layer_norm_fwd transpose_heavy swiglu rms_norm cross_entropy reduction_epilogue batch_norm_running_stats layer_norm_bwd inner_sum column_sum tile_transpose}; do
    [[ -f "$LARGE/${s}_large.py" ]] && files+=("$LARGE/${s}_large.py")
  done
  read -r -a codegen_args <<<"$VERIFY_ARGS"
  timeout "$(cap 400 25)" python3 "$ROOT/bench/gpu_vs_torch.py" --cli "$CLI" --repeat 10 --no-verify \
    "${codegen_args[@]}" --out "$OUT/torch.md" --json "$W/torch.json" "${files[@]}" >"$W/torch_log.txt" 2>&1
  log "torch rc=$?"
fi

# ---- end: latest.json from the raw outputs
python3 "$ROOT/scripts/gpu_latest.py" latest --work "$W" --out "$OUT/latest.json" >>"$OUT/timeline.txt" 2>&1
bundle
log "end"
