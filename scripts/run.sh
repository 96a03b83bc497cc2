#!/usr/bin/env bash
# Installs what is missing, builds, and opens FILE (default: the bundled layer-norm sample).
# Until the GUI lands (issue 6) this runs the fusion on the CPU reference and prints the result.
set -euo pipefail
# Resolve FILE against the caller's directory before moving to the repository root.
file=""
if [[ $# -gt 0 ]]; then
  [[ -e "$1" ]] || { echo "run.sh: no such file: $1" >&2; exit 2; }
  file="$(realpath "$1")"
fi
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh --target segscope-cli   # only what run needs; test.sh builds the rest
preset="${SEGSCOPE_PRESET:-default}"
file="${file:-samples/layer_norm_fwd.py}"
cli="build/$preset/bin/segscope-cli"
"$cli" info "$file"
echo
"$cli" run "$file" --backend cpu
