#!/usr/bin/env bash
# Installs what is missing, builds everything, and runs every test through ctest; then builds
# the engine, layout and CLI with ASan + UBSan (the `asan` preset) and runs their suites again.
#   SEGSCOPE_SANITIZERS=0 scripts/test.sh   skips the sanitizer pass (e.g. while iterating)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
preset="${SEGSCOPE_PRESET:-default}"
SEGSCOPE_PRESET="$preset" scripts/build.sh
QT_QPA_PLATFORM=offscreen ctest --test-dir "build/$preset" --output-on-failure -j2 "$@"
if [[ "${SEGSCOPE_SANITIZERS:-1}" != "0" ]]; then
  echo "== sanitizers: ASan + UBSan build of the engine, layout and CLI suites"
  SEGSCOPE_PRESET=asan scripts/build.sh
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0" \
    QT_QPA_PLATFORM=offscreen ctest --test-dir build/asan --output-on-failure -j2 "$@"
fi
