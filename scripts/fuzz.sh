#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan) and runs each for SECONDS (default 600).
# Corpora live in build/fuzz/corpus/<target>; the loader's is seeded from samples/ and tests.
# Crashes are written to build/fuzz/crashes/<target>/; turn each into a test under tests/error/.
#   scripts/fuzz.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-600}"; shift || true
targets=("$@"); [[ ${#targets[@]} -gt 0 ]] || targets=(fuzz_loader fuzz_segment fuzz_nvlog fuzz_compare_log fuzz_model_run fuzz_fx)
command -v clang++ >/dev/null || { echo "fuzz.sh: needs clang (apt-get install clang)" >&2; exit 2; }
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz --target "${targets[@]}"
for t in "${targets[@]}"; do
  corpus="build/fuzz/corpus/$t"; crashes="build/fuzz/crashes/$t"
  mkdir -p "$corpus" "$crashes"
  if [[ "$t" == fuzz_loader && -z "$(ls -A "$corpus")" ]]; then
    cp samples/*.py tests/error/data/*.py tests/error/fuzz/*.py tests/engine/frontend/data/*.py "$corpus"/ 2>/dev/null || true
    # nvFuser's own repros and test translations: the forms real users paste (footers, from_pytorch).
    find tests/fidelity -name '*.py' -exec cp -t "$corpus" {} + 2>/dev/null || true
  fi
  if [[ ( "$t" == fuzz_nvlog || "$t" == fuzz_compare_log ) && -z "$(ls -A "$corpus")" ]]; then
    cp tests/data/nvlog/synthetic/*.log tests/data/nvlog/real/*.txt tests/data/nvlog/generated/*.log "$corpus"/ 2>/dev/null || true
  fi
  if [[ "$t" == fuzz_model_run && -z "$(ls -A "$corpus")" ]]; then
    cp samples/model_run/*.log tests/data/nvlog/generated/*.log tests/data/model_run/*.log tests/data/model_run/*.txt \
       tests/data/nvlog/synthetic/*.log "$corpus"/ 2>/dev/null || true
  fi
  if [[ "$t" == fuzz_fx && -z "$(ls -A "$corpus")" ]]; then
    cp samples/fx/* tests/data/fx/*.txt tests/data/fx/*.log "$corpus"/ 2>/dev/null || true
  fi
  echo "== $t for ${seconds}s"
  # A crash stops that target (libFuzzer's way) but not the others; the summary says which.
  if "build/fuzz/bin/$t" "$corpus" -max_total_time="$seconds" -artifact_prefix="$crashes/" -print_final_stats=1 \
       -max_len=8192 -timeout=20 -rss_limit_mb=4096 > "build/fuzz/$t.log" 2>&1; then
    echo "$t: no crash"
  else
    echo "$t: CRASH — see build/fuzz/$t.log and $crashes/" ; failed=1
  fi
  grep -E "^stat::(number_of_executed_units|average_exec_per_sec|new_units_added|peak_rss_mb)" "build/fuzz/$t.log" || true
done
exit "${failed:-0}"
