// Loading cuBLASLt with dlopen and resolving the entry points the matmul path uses.
#include "exec/cuda/blas_api.h"

#include <dlfcn.h>

namespace segscope::exec::cuda {
namespace {

template <class Fn>
void resolve(void* lib, const char* name, Fn& fn, std::string& missing) {
  fn = reinterpret_cast<Fn>(dlsym(lib, name));
  if (!fn) missing += (missing.empty() ? "" : ", ") + std::string(name);
}

Result<BlasLtApi> load() {
  std::string tried;
  void* lib = nullptr;
  for (const char* name : {"libcublasLt.so.13", "libcublasLt.so.12", "libcublasLt.so"}) {
    lib = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (lib) break;
    const char* why = dlerror();
    tried += std::string(tried.empty() ? "" : "; ") + name + (why ? " (" + std::string(why) + ")" : "");
  }
  if (!lib) return makeError("cuBLASLt is not installed (matmul and linear segments need it): tried " + tried);
  BlasLtApi api;
  std::string missing;
  resolve(lib, "cublasLtCreate", api.cublasLtCreate, missing);
  resolve(lib, "cublasLtDestroy", api.cublasLtDestroy, missing);
  resolve(lib, "cublasLtGetStatusName", api.cublasLtGetStatusName, missing);
  resolve(lib, "cublasLtMatmulDescCreate", api.cublasLtMatmulDescCreate, missing);
  resolve(lib, "cublasLtMatmulDescDestroy", api.cublasLtMatmulDescDestroy, missing);
  resolve(lib, "cublasLtMatmulDescSetAttribute", api.cublasLtMatmulDescSetAttribute, missing);
  resolve(lib, "cublasLtMatrixLayoutCreate", api.cublasLtMatrixLayoutCreate, missing);
  resolve(lib, "cublasLtMatrixLayoutDestroy", api.cublasLtMatrixLayoutDestroy, missing);
  resolve(lib, "cublasLtMatrixLayoutSetAttribute", api.cublasLtMatrixLayoutSetAttribute, missing);
  resolve(lib, "cublasLtMatmul", api.cublasLtMatmul, missing);
  resolve(lib, "cublasLtMatmulPreferenceCreate", api.cublasLtMatmulPreferenceCreate, missing);
  resolve(lib, "cublasLtMatmulPreferenceDestroy", api.cublasLtMatmulPreferenceDestroy, missing);
  resolve(lib, "cublasLtMatmulPreferenceSetAttribute", api.cublasLtMatmulPreferenceSetAttribute, missing);
  resolve(lib, "cublasLtMatmulAlgoGetHeuristic", api.cublasLtMatmulAlgoGetHeuristic, missing);
  if (!missing.empty()) return makeError("cuBLASLt is too old: missing " + missing);
  return api;
}

}  // namespace

std::string BlasLtApi::statusName(Status status) const {
  const char* name = cublasLtGetStatusName ? cublasLtGetStatusName(status) : nullptr;
  return name ? std::string(name) : "cuBLAS status " + std::to_string(status);
}

Result<const BlasLtApi*> loadBlasLt() {
  static const Result<BlasLtApi> loaded = load();  // thread-safe static initialisation
  if (!loaded) return loaded.error();
  return &loaded.value();
}

}  // namespace segscope::exec::cuda
