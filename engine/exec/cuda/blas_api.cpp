// Loading cuBLASLt with dlopen and resolving the entry points the matmul path uses.
#include "exec/cuda/blas_api.h"

#include "exec/cuda/dynamic_library.h"

namespace segscope::exec::cuda {
namespace {

Result<BlasLtApi> openBlasLtLibrary() {
  std::string tried;
  void* lib = openFirstLibrary({"libcublasLt.so.13", "libcublasLt.so.12", "libcublasLt.so"}, tried);
  if (!lib) return makeError("cuBLASLt is not installed (matmul and linear segments need it): tried " + tried);
  BlasLtApi api;
  std::string missing;
  resolveSymbol(lib, "cublasLtCreate", api.cublasLtCreate, missing);
  resolveSymbol(lib, "cublasLtDestroy", api.cublasLtDestroy, missing);
  resolveSymbol(lib, "cublasLtGetStatusName", api.cublasLtGetStatusName, missing);
  resolveSymbol(lib, "cublasLtMatmulDescCreate", api.cublasLtMatmulDescCreate, missing);
  resolveSymbol(lib, "cublasLtMatmulDescDestroy", api.cublasLtMatmulDescDestroy, missing);
  resolveSymbol(lib, "cublasLtMatmulDescSetAttribute", api.cublasLtMatmulDescSetAttribute, missing);
  resolveSymbol(lib, "cublasLtMatrixLayoutCreate", api.cublasLtMatrixLayoutCreate, missing);
  resolveSymbol(lib, "cublasLtMatrixLayoutDestroy", api.cublasLtMatrixLayoutDestroy, missing);
  resolveSymbol(lib, "cublasLtMatrixLayoutSetAttribute", api.cublasLtMatrixLayoutSetAttribute, missing);
  resolveSymbol(lib, "cublasLtMatmul", api.cublasLtMatmul, missing);
  resolveSymbol(lib, "cublasLtMatmulPreferenceCreate", api.cublasLtMatmulPreferenceCreate, missing);
  resolveSymbol(lib, "cublasLtMatmulPreferenceDestroy", api.cublasLtMatmulPreferenceDestroy, missing);
  resolveSymbol(lib, "cublasLtMatmulPreferenceSetAttribute", api.cublasLtMatmulPreferenceSetAttribute, missing);
  resolveSymbol(lib, "cublasLtMatmulAlgoGetHeuristic", api.cublasLtMatmulAlgoGetHeuristic, missing);
  if (!missing.empty()) return makeError("cuBLASLt is too old: missing " + missing);
  return api;
}

}  // namespace

std::string BlasLtApi::statusName(Status status) const {
  const char* name = cublasLtGetStatusName ? cublasLtGetStatusName(status) : nullptr;
  return name ? std::string(name) : "cuBLAS status " + std::to_string(status);
}

Result<const BlasLtApi*> loadBlasLt() {
  static const Result<BlasLtApi> loaded = openBlasLtLibrary();  // thread-safe static initialisation
  if (!loaded) return loaded.error();
  return &loaded.value();
}

}  // namespace segscope::exec::cuda
