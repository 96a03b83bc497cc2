#!/usr/bin/env bash
# Drives a real window under Xvfb through the overview and the comparison (issue 41 items 5, 6):
# a 3k-op fusion (124 segments) opened beside its a100 segmentation, Esc back to the debugger,
# the window made tall (the tiles reflow to its shape), Shift+T off and on, wide again.
# Usage: scripts/xvfb_overview.sh [OUT_DIR]   (needs xvfb, xdotool, imagemagick; a built build/default)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-/tmp/segscope-xvfb-overview}
mkdir -p "$out"
for tool in Xvfb xdotool import; do
  command -v "$tool" >/dev/null || { echo "xvfb_overview: $tool is missing (apt-get install xvfb xdotool imagemagick)" >&2; exit 2; }
done
fusion=$out/mixed_3k.py
python3 bench/make_fusion.py --shape mixed --ops 3000 --seed 1 >"$fusion"
display=:$((80 + RANDOM % 9))
Xvfb "$display" -screen 0 1920x1200x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
home=$(mktemp -d)
app=""
trap 'kill $app $xvfb 2>/dev/null || true; rm -rf "$home"' EXIT
export DISPLAY=$display QT_QPA_PLATFORM=xcb XDG_CONFIG_HOME=$home XDG_RUNTIME_DIR=$home
sleep 1
build/default/bin/segscope "$fusion" --compare profile=a100 >/dev/null 2>&1 &
app=$!
window=""
for _ in $(seq 1 100); do
  window=$(xdotool search --onlyvisible --name "Segscope" 2>/dev/null | head -1 || true)
  [ -n "$window" ] && break
  sleep 0.2
done
[ -n "$window" ] || { echo "xvfb_overview: no window appeared" >&2; exit 1; }
shot() { sleep "${2:-2}"; import -window "$window" "$out/$1.png"; echo "wrote $out/$1.png"; }
xdotool windowmove "$window" 0 0 windowsize "$window" 1600 1000
shot compare 5
xdotool windowfocus --sync "$window"
xdotool key --window "$window" Escape
shot back_from_compare
xdotool windowsize "$window" 900 1100
shot tall_reflowed 3
xdotool key --window "$window" shift+t
shot tiles_off 4
xdotool key --window "$window" shift+t
shot tiles_on 2
xdotool windowsize "$window" 1600 1000
shot wide_again 3
