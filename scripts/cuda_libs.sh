# Sourced by the GPU scripts: cuBLASLt is dlopen'ed by name at run time, so the toolkit's (or the
# pip wheel's) copy is put on LD_LIBRARY_PATH, once.
if [[ -z "${SEGSCOPE_CUDA_LIBS_SET:-}" ]]; then
  for dir in /usr/local/cuda/lib64 "$(dirname "$(dirname "$(command -v nvcc 2>/dev/null || echo /none/bin/nvcc)")")/lib64" \
             "$(python3 -c 'import nvidia.cublas, os; print(os.path.join(os.path.dirname(nvidia.cublas.__file__), "lib"))' 2>/dev/null)"; do
    [[ -n "$dir" && -d "$dir" ]] && export LD_LIBRARY_PATH="$dir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  done
  export SEGSCOPE_CUDA_LIBS_SET=1
fi
