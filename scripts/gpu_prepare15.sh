#!/usr/bin/env bash
# Prepares, on this machine (no GPU needed), everything one 15-minute window carries in
# third_party_carry/ (git-ignored), so the device spends its minutes measuring (issue 44):
#   bin/segscope-cli   a Release CUDA build without the GUI, Graphviz or mimalloc (the device image
#                      has no libmimalloc: a carried CLI linked against it does not start there, and
#                      the window falls back to a 30 s device build), stripped
#   include/nlohmann   for that fallback build
#   large/*.py         the row-scaled samples (bench/scale_sample.py); bench/large/ is in the tree
#   kbench/, bin/kbench the kernel A/B benchmark (bench/kbench) from this tree's codegen dumps
# Then, with the device tool:
#   run(command="WINDOW_S=480 bash scripts/gpu_window15.sh", carry=["third_party_carry"], timeout_s=540)
# Environment: BUILD (default build/gpu), NVCC (default /usr/local/cuda/bin/nvcc).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
BUILD=${BUILD:-build/gpu}
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
C=$ROOT/third_party_carry
mkdir -p "$C/bin" "$C/large" "$C/kbench"
cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DSEGSCOPE_BUILD_UI=OFF -DSEGSCOPE_WITH_GRAPHVIZ=OFF \
  -DSEGSCOPE_WITH_CUDA=ON -DSEGSCOPE_WITH_MIMALLOC=OFF -DCMAKE_CUDA_COMPILER="$NVCC" >/dev/null
cmake --build "$BUILD" -j "$(nproc)" --target segscope-cli test_exec_cuda_codegen
scripts/gpu_check.sh --prepare-carry >/dev/null
cp "$BUILD/bin/segscope-cli" "$C/bin/segscope-cli" && strip "$C/bin/segscope-cli"
# Only the C and C++ runtimes: anything else may be missing on the device image.
if ldd "$C/bin/segscope-cli" | grep -vE 'linux-vdso|ld-linux|libc\.so|libm\.so|libstdc\+\+|libgcc_s|libdl|libpthread|librt'; then
  echo "gpu_prepare15: the carried CLI needs the libraries above; the device may not have them" >&2
  exit 1
fi
for s in gelu swiglu transpose_heavy softmax rms_norm layer_norm_fwd batch_norm_running_stats reduction_epilogue \
  cross_entropy layer_norm_bwd; do
  python3 bench/scale_sample.py "samples/$s.py" "$C/large/${s}_large.py" >/dev/null
done
rm -rf "$C/kbench/dump" && mkdir -p "$C/kbench/dump"
SEGSCOPE_TEST_SAMPLES=$(ls "$C"/large/*.py | tr '\n' ':') SEGSCOPE_CODEGEN_DUMP="$C/kbench/dump" \
  QT_QPA_PLATFORM=offscreen "$BUILD/tests/engine/test_exec_cuda_codegen" samples >/dev/null
python3 bench/kbench/extract_prelude.py "$ROOT" "$C/kbench/prelude.cuh"
python3 bench/kbench/mkbench.py "$C/kbench/dump" "$C/kbench/prelude.cuh" "$C/kbench/kbench.cu" bench/kbench/harness_host.cu
"$NVCC" -O3 -std=c++17 -arch=sm_90 -o "$C/bin/kbench" "$C/kbench/kbench.cu"
du -sh "$C"
