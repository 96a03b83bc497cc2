#!/usr/bin/env bash
# Configures and builds Segscope with a CMake preset (default: "default"); used by run.sh and test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${SEGSCOPE_PRESET:-default}"
if [[ ! -f "build/$preset/build.ninja" ]]; then
  cmake --preset "$preset" >/dev/null
fi
cmake --build --preset "$preset" "$@"
