#!/bin/bash
# A/B of bench_gui_step: a baseline binary (A, built from another commit in a worktree) against
# this tree's (B), alternating, two runs per view and fusion. Usage: bench/ab_gui_step.sh [A]
cd "$(dirname "$0")/.."
A=${1:-/tmp/base/build/default/bin/bench_gui_step}
B=build/default/bin/bench_gui_step
# The fusions it steps through (bench/make_fusion.py, seed 1).
[ -f /tmp/mixed3k.py ] || python3 bench/make_fusion.py --shape mixed --ops 3000 --seed 1 > /tmp/mixed3k.py
[ -f /tmp/mixed10k.py ] || python3 bench/make_fusion.py --shape mixed --ops 10000 --seed 1 > /tmp/mixed10k.py
[ -f /tmp/tf10k.py ] || python3 bench/make_fusion.py --shape transformer --ops 10000 --seed 1 > /tmp/tf10k.py
for spec in "segments /tmp/mixed3k.py" "fusion /tmp/mixed3k.py" "collapsed /tmp/mixed3k.py" "collapsed /tmp/tf10k.py" "fusion /tmp/mixed10k.py" "segments /tmp/tf10k.py" "segments tests/data/shapes/relu_linear_1k.py"; do
  set -- $spec
  for r in 1 2; do
    for b in $A $B; do
      name=$([ $b = $A ] && echo base || echo new)
      echo "$1 $2 $name $(QT_QPA_PLATFORM=offscreen timeout 300 $b --view $1 --run 20 $2 2>&1 | grep -E 'per step' | sed 's/.*first visit.*median/first/; s/.*revisit (cached): median/revisit/' | tr '\n' ' ')"
    done
  done
done
