#!/usr/bin/env bash
# Installs what is missing, builds everything once, and runs every test through ctest.
# By default that one build is the `asan` preset: AddressSanitizer + UndefinedBehaviorSanitizer
# at -O1, the window included (the suites' own code is not instrumented: tests/CMakeLists.txt).
# Every suite (engine, CLI, window, packages) runs there, once. CI (.ci/run) uses the `ci`
# preset: the same with warnings as errors, compiled in unity batches of 16 files (a third less
# compile time). A batch can hide a missing #include behind an earlier file of it, so the presets
# you build by hand (`asan`, `default`) compile file by file and catch that before CI does.
#   SEGSCOPE_SANITIZERS=0 scripts/test.sh   the release build (`default`) instead, no sanitizers
#   SEGSCOPE_PRESET=NAME scripts/test.sh    another preset (CMakePresets.json)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
if [[ "${SEGSCOPE_SANITIZERS:-1}" == "0" ]]; then
  preset="${SEGSCOPE_PRESET:-default}"
else
  preset="${SEGSCOPE_PRESET:-asan}"
fi
SEGSCOPE_PRESET="$preset" scripts/build.sh
# Harmless in a build without sanitizers; in one with them, any finding fails its suite.
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0"
# CI shows only the head and tail of a long log: a failing run ends with each failure's lines.
if QT_QPA_PLATFORM=offscreen ctest --test-dir "build/$preset" --output-on-failure -j2 "$@"; then exit 0; fi
echo "== failures in build/$preset (from Testing/Temporary/LastTest.log)"
grep -E -A4 '^(FAIL!|XPASS|QFATAL|QWARN  : .*(ASSERT|Received a fatal))' "build/$preset/Testing/Temporary/LastTest.log" | head -80 || true
exit 1
