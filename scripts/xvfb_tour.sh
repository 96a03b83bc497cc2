#!/usr/bin/env bash
# Drives a real Segscope window under Xvfb with xdotool (resize, keys, the diff full window, a
# file dragged from another window and dropped on the canvas) and saves what the screen shows:
# the check that offscreen renders alone cannot give. Exits 1 when the drop did not open the file.
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
source_app=""
trap 'kill $app $source_app $xvfb 2>/dev/null || true; rm -rf "$home"' EXIT
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
# A real XDND drag from another application onto the canvas.
QT_LOGGING_RULES="qt.qpa.xdnd*=true" build/default/bin/segscope_drag_source samples/softmax.py >"$out/drag_source.log" 2>&1 &
source_app=$!
sleep 2
source_window=$(xdotool search --onlyvisible --name "segscope drag source" | head -1)
xdotool windowmove "$source_window" 1650 20
sleep 1
xdotool mousemove 1750 60 mousedown 1
for step in 1 2 3 4 5 6 7 8; do
  xdotool mousemove $((1750 - step * 120)) $((60 + step * 55))
  sleep 0.15
done
# A few small moves over the canvas and a pause: the drop is only accepted once the target has
# answered a position (XdndStatus).
for wiggle in 1 2 3; do
  xdotool mousemove $((790 + wiggle * 3)) 500
  sleep 0.3
done
xdotool mouseup 1
for _ in $(seq 1 50); do
  xdotool getwindowname "$window" | grep -q "softmax.py" && break
  sleep 0.2
done
shot dropped_softmax 2
if xdotool getwindowname "$window" | grep -q "softmax.py"; then
  echo "the drop opened softmax.py (title: $(xdotool getwindowname "$window"))"
else
  echo "xvfb_tour: the drop did not open the file (title: $(xdotool getwindowname "$window"))" >&2
  exit 1
fi
