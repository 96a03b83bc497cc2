#!/usr/bin/env bash
# Installs what is missing, builds, and opens FILE (default: the bundled layer-norm sample) in
# the Segscope window. Without a display it renders the window to a PNG instead and says where.
set -euo pipefail
# Resolve FILE against the caller's directory before moving to the repository root.
file=""
if [[ $# -gt 0 ]]; then
  [[ -e "$1" ]] || { echo "run.sh: no such file: $1" >&2; exit 2; }
  file="$(realpath "$1")"
fi
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh --target segscope segscope-cli   # only what run needs; test.sh builds the rest
preset="${SEGSCOPE_PRESET:-default}"
file="${file:-samples/layer_norm_fwd.py}"
bin="build/$preset/bin"
if [[ -n "${DISPLAY:-}" || -n "${WAYLAND_DISPLAY:-}" ]]; then
  exec "$bin/segscope" "$file"
fi
echo "run.sh: no display; here is the fusion on the command line, and the window as a picture."
"$bin/segscope-cli" segment "$file"
shot="${TMPDIR:-/tmp}/segscope-$(basename "$file" .py).png"
QT_QPA_PLATFORM=offscreen "$bin/segscope" "$file" --screenshot "$shot"
