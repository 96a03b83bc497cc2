#!/usr/bin/env bash
# Installs what is missing, builds everything, and runs every test through ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
preset="${SEGSCOPE_PRESET:-default}"
SEGSCOPE_PRESET="$preset" scripts/build.sh
QT_QPA_PLATFORM=offscreen ctest --test-dir "build/$preset" --output-on-failure -j2 "$@"
