#!/usr/bin/env bash
# Drives a real Segscope window under Xvfb with xdotool (resize, keys, the diff full window) and
# saves what the screen shows: the check that offscreen renders alone cannot give.
# Usage: scripts/xvfb_tour.sh [OUT_DIR]   (needs xvfb, xdotool, imagemagick; a built build/default)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-/tmp/segscope-xvfb}
mkdir -p "$out"
for tool in Xvfb xdotool import; do
  command -v "$tool" >/dev/null || { echo "xvfb_tour: $tool is missing (apt-get install xvfb xdotool imagemagick)" >&2; exit 2; }
done
display=:$((90 + RANDOM % 9))
Xvfb "$display" -screen 0 1920x1200x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
home=$(mktemp -d)
trap 'kill $app $xvfb 2>/dev/null || true; rm -rf "$home"' EXIT
export DISPLAY=$display QT_QPA_PLATFORM=xcb XDG_CONFIG_HOME=$home XDG_RUNTIME_DIR=$home
sleep 1
build/default/bin/segscope "${SAMPLE:-samples/synthetic_block_200.py}" >/dev/null 2>&1 &
app=$!
window=""
for _ in $(seq 1 100); do
  window=$(xdotool search --onlyvisible --name "Segscope" 2>/dev/null | head -1 || true)
  [ -n "$window" ] && break
  sleep 0.2
done
[ -n "$window" ] || { echo "xvfb_tour: no window appeared" >&2; exit 1; }
shot() { sleep "${2:-2}"; import -window "$window" "$out/$1.png"; echo "wrote $out/$1.png"; }
xdotool windowmove "$window" 0 0 windowsize "$window" 1600 1000
shot open 4
xdotool windowsize "$window" 800 600
shot resized_800x600
xdotool windowsize "$window" 1600 1000
shot resized_back
xdotool windowfocus --sync "$window"
xdotool key --window "$window" ctrl+f
xdotool type --window "$window" --delay 60 "rsqrt"
xdotool key --window "$window" Return
shot find_rsqrt
xdotool key --window "$window" Escape ctrl+d
shot diff_full_window
xdotool key --window "$window" ctrl+d
shot diff_back
