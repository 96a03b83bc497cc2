#!/usr/bin/env bash
# Experiment (issue 16): does keeping fewer rows in flight let reduction_epilogue's second read
# of its 512 KB rows hit L2? Builds HEAD and two variants whose block-per-row grids are capped at
# 64 and 128 blocks (sed on the device copy), then times them interleaved on one card.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
FINAL_OUT=${OUT:-/tmp/gpu_out}
W=/tmp/gpu_work; mkdir -p "$FINAL_OUT" "$W"
T0=$(date +%s)
bundle() { tar czf "$FINAL_OUT/all.tgz" -C "$W" . 2>/dev/null; cp "$W/timeline.txt" "$FINAL_OUT/summary.txt"; }
log() { echo "[$(( $(date +%s) - T0 )) s] $*" >>"$W/timeline.txt"; bundle; }
log "start $(date -u) $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)"
cuda=(); [[ ! -d /usr/local/cuda ]] && command -v nvcc >/dev/null && cuda=(-DCUDAToolkit_ROOT="$(dirname "$(dirname "$(command -v nvcc)")")")
build() {  # SRC BUILD
  cmake -S "$1" -B "$2" -G Ninja -DCMAKE_BUILD_TYPE=Release -DSEGSCOPE_BUILD_UI=OFF -DSEGSCOPE_WITH_GRAPHVIZ=OFF \
    -DSEGSCOPE_WITH_CUDA=ON -DSEGSCOPE_NLOHMANN_DIR="$ROOT/third_party_carry/include" "${cuda[@]}" >"$W/cmake_$(basename "$2").txt" 2>&1 &&
    cmake --build "$2" -j 16 --target segscope-cli >>"$W/cmake_$(basename "$2").txt" 2>&1
}
build "$ROOT" /tmp/b-base; log "base build rc=$?"
for cap in 64 128; do
  rm -rf /tmp/src-$cap; mkdir -p /tmp/src-$cap
  tar --exclude=./.git --exclude=./third_party_carry --exclude=./docs --exclude=./build -cf - . | tar -xf - -C /tmp/src-$cap
  sed -i "s|k.launch.grid.x = std::clamp<std::int64_t>((shape.rows + rowsPerBlock - 1) / rowsPerBlock, 1, ctx.options.maxGridX);|k.launch.grid.x = std::clamp<std::int64_t>((shape.rows + rowsPerBlock - 1) / rowsPerBlock, 1, std::int64_t{$cap});|" \
    /tmp/src-$cap/engine/exec/cuda/codegen/codegen_reduction.cpp
  grep -c "std::int64_t{$cap}" /tmp/src-$cap/engine/exec/cuda/codegen/codegen_reduction.cpp >>"$W/timeline.txt"
  build /tmp/src-$cap /tmp/b-cap$cap; log "cap$cap build rc=$?"
done
for b in base cap64 cap128; do cp /tmp/b-$b/bin/segscope-cli /tmp/segscope-cli-$b; done
source scripts/cuda_libs.sh
export OUT=$W
ROUNDS=2 REPEAT=20 timeout 120 scripts/gpu_compare_clis.sh "/tmp/segscope-cli-base /tmp/segscope-cli-cap64 /tmp/segscope-cli-cap128" \
  reduction_epilogue layer_norm_fwd >"$W/compare_log.txt" 2>&1
log "compare rc=$?"; cat "$W/compare_clis.md" >>"$W/timeline.txt"; bundle
