// Generated kernels as host C++: the CUDA built-ins emulated so one block of one thread runs every
// grid-stride and reduction loop, and a wrapper per kernel taking cuLaunchKernel's parameter
// array. Shared by the host-emulation suite and the runner's emulated device.
#pragma once

#include <string>

#include "exec/cuda/codegen/kernel_plan.h"
#include "exec/cuda/codegen/prelude.h"

namespace segscope::testing {

// Ordinary string literals: moc must not see literals starting with '#'.
inline const char* const kHostEmulationHeader =
    "// host emulation of the CUDA built-ins: gridDim = blockDim = 1\n"
    "#include <cmath>\n"
    "#include <cstring>\n"
    "using namespace std;\n"
    "struct sg_dim3 { unsigned x, y, z; };\n"
    "static const sg_dim3 threadIdx{0, 0, 0}, blockIdx{0, 0, 0}, blockDim{1, 1, 1}, gridDim{1, 1, 1};\n"
    "#define __global__\n"
    "#define __launch_bounds__(...)\n"
    "#define __cluster_dims__(...)\n"
    "#define __shared__\n"
    "static inline void __syncthreads() {}\n"
    "// dynamic shared memory: 16 MiB, as a clustered row's one emulated block caches whole rows\n"
    "static double sg_dyn[1 << 21];\n"
    "static inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }\n"
    "static inline double rsqrt(double x) { return 1.0 / sqrt(x); }\n"
    "static inline float erfinvf(float) { return NAN; }\n"
    "static inline double erfinv(double) { return NAN; }\n"
    "static inline float erfcinvf(float) { return NAN; }\n"
    "static inline double erfcinv(double) { return NAN; }\n"
    "template <class T, class F> T sg_block_reduce(T v, F, T) { return v; }\n"
    "template <class T> void sg_block_welford(T&, T&, T&) {}\n"
    "template <class T, class F> T sg_col_reduce(T v, F) { return v; }\n"
    "template <class T> void sg_col_welford(T&, T&, T&) {}\n";

/// extern "C" void <entry>_host(void** p) for the kernel's entry (and its generic entry, if
/// any): unpacks cuLaunchKernel-style parameters.
inline std::string hostWrapper(const exec::cuda::Kernel& k) {
  std::string call;
  std::size_t slot = 0;
  const auto add = [&](const std::string& arg) { call += (call.empty() ? "" : ", ") + arg; };
  for (const exec::cuda::KernelArg& a : k.args) {
    if (!a.isTensor()) continue;
    add("*(" + exec::cuda::codegen::storageType(a.dtype).value_or("void") + "**)p[" + std::to_string(slot++) + "]");
    for (std::size_t d = 0; d < a.sizes.size(); ++d) add("*(long long*)p[" + std::to_string(slot++) + "]");
  }
  for (const exec::cuda::KernelArg& a : k.args) {
    if (a.isTensor()) continue;
    add("*(" + exec::cuda::codegen::scalarParamType(a.dtype) + "*)p[" + std::to_string(slot++) + "]");
  }
  std::string wrappers;
  for (const std::string& entry : {k.name, k.genericName})
    if (!entry.empty()) wrappers += "extern \"C\" void " + entry + "_host(void** p) { " + entry + "(" + call + "); }\n";
  return wrappers;
}

}  // namespace segscope::testing
