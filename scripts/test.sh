#!/usr/bin/env bash
# Installs what is missing, builds everything, and runs every test through ctest; then builds
# the engine, layout and CLI with ASan + UBSan (the `asan` preset) and runs their suites again.
#   SEGSCOPE_SANITIZERS=0 scripts/test.sh   skips the sanitizer pass (e.g. while iterating)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
preset="${SEGSCOPE_PRESET:-default}"
SEGSCOPE_PRESET="$preset" scripts/build.sh
# CI shows only the head and tail of a long log: a failing run ends with each failure's lines.
run_ctest() {
  local dir="$1"
  shift
  if QT_QPA_PLATFORM=offscreen ctest --test-dir "$dir" --output-on-failure -j2 "$@"; then return 0; fi
  echo "== failures in $dir (from Testing/Temporary/LastTest.log)"
  grep -E -A4 '^(FAIL!|XPASS|QFATAL|QWARN  : .*(ASSERT|Received a fatal))' "$dir/Testing/Temporary/LastTest.log" | head -80 || true
  return 1
}
run_ctest "build/$preset" "$@"
if [[ "${SEGSCOPE_SANITIZERS:-1}" != "0" ]]; then
  echo "== sanitizers: ASan + UBSan build of the engine, layout and CLI suites"
  SEGSCOPE_PRESET=asan scripts/build.sh
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0" \
    run_ctest build/asan "$@"
fi
