// NVRTC compilation of generated kernels to PTX, with an in-memory and on-disk cache.
// The header is plain C++; the implementation is built only with the CUDA toolkit
// (SEGSCOPE_HAVE_NVRTC is defined then).
#pragma once

#include <cstdint>
#include <string>

#include "exec/cuda/codegen/kernel_plan.h"
#include "exec/cuda/ptxas_info.h"
#include "support/result.h"

namespace segscope::exec::cuda {

struct CompiledKernel {
  std::string name;  // the kernel's extern "C" symbol
  std::string ptx;
  std::string log;       // NVRTC's log (warnings), empty on a cache hit
  std::string cacheKey;  // hex hash of (source, arch, NVRTC version)
  bool cacheHit = false;
  bool fromDisk = false;
};

struct CompileCacheStats {
  int compiles = 0;  // NVRTC actually ran
  int memoryHits = 0;
  int diskHits = 0;
};

/// Compiles `kernel.source` for `arch` ("sm_90"; PTX is generated for the matching
/// compute_XX). Cached by (source, arch, NVRTC version) in memory and as
/// $XDG_CACHE_HOME/segscope/kernels/<key>.ptx (or ~/.cache/...), written atomically.
/// A compile error comes back with NVRTC's log in the message.
Result<CompiledKernel> compileToPtx(const Kernel& kernel, const std::string& arch);

struct AssembledKernel {
  std::string name;
  std::string cubin;  // an ELF image for the real architecture it was assembled for
  KernelResources resources;
  std::string log;  // NVRTC's log, ptxas' verbose lines included
};

/// Compiles `kernel` and assembles it with ptxas for the real architecture `arch` ("sm_90"),
/// verbosely: what would otherwise happen first inside cuModuleLoadData on a GPU (ptxas errors,
/// the register count, spills, static shared memory) is known on a machine without one. Not cached.
Result<AssembledKernel> compileToCubin(const Kernel& kernel, const std::string& arch);

/// "13.0": the NVRTC the library was linked against.
std::string nvrtcVersionString();
std::string kernelCacheDir();
CompileCacheStats compileCacheStats();
/// Drops the in-memory cache (the disk cache stays): tests of the disk path.
void clearMemoryKernelCache();

}  // namespace segscope::exec::cuda
