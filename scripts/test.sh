#!/usr/bin/env bash
# Installs what is missing, builds everything, and runs every test through ctest. With the
# sanitizer pass on (the default), the engine, layout and CLI are also built with ASan + UBSan
# (the `asan` preset) and their suites run there, once: the first build then runs only the
# suites the sanitizer build does not have (the window's). Every source is still compiled by
# the first build, with its warnings.
#   SEGSCOPE_SANITIZERS=0 scripts/test.sh   no sanitizer pass: every suite runs in the first build
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
if [[ "${SEGSCOPE_SANITIZERS:-1}" == "0" ]]; then
  run_ctest "build/$preset" "$@"
  exit 0
fi
echo "== sanitizers: ASan + UBSan build of the engine, layout and CLI suites"
SEGSCOPE_PRESET=asan scripts/build.sh
status=0
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0" \
  run_ctest build/asan "$@" || status=1
# The suites the sanitizer build ran are not run again; the rest (the window's) run here.
sanitized=$(ctest --test-dir build/asan -N | sed -nE 's/^ *Test +#[0-9]+: ([A-Za-z0-9_]+)$/\1/p' | paste -sd'|')
echo "== the suites the sanitizer build has not: $(ctest --test-dir "build/$preset" -N -E "^($sanitized)\$" | tail -1)"
run_ctest "build/$preset" -E "^($sanitized)\$" "$@" || status=1
exit $status
