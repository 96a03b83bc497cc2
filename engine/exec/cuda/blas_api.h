// cuBLASLt, loaded at run time with dlopen like the driver (libcublasLt.so.13/.12/.so): the build
// never links it, and only a run with a matmul or linear segment needs it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "support/result.h"

namespace segscope::exec::cuda {

/// cublasLtMatmulAlgo_t and cublasLtMatmulHeuristicResult_t, laid out as in cublasLt.h
/// (test_exec_cuda_runner checks sizes and offsets against the header where it is installed).
struct BlasLtAlgo {
  std::uint64_t data[8] = {};
};
struct BlasLtHeuristicResult {
  BlasLtAlgo algo;
  std::size_t workspaceSize = 0;
  int state = 0;
  float wavesCount = 0;
  int reserved[4] = {};
};

/// The entry points of cublasLt.h we call; handles and descriptors are opaque pointers and the
/// enums are ints, so nothing needs the CUDA headers to build.
struct BlasLtApi {
  using Status = int;
  Status (*cublasLtCreate)(void** handle) = nullptr;
  Status (*cublasLtDestroy)(void* handle) = nullptr;
  const char* (*cublasLtGetStatusName)(Status) = nullptr;
  Status (*cublasLtMatmulDescCreate)(void** desc, int computeType, int scaleType) = nullptr;
  Status (*cublasLtMatmulDescDestroy)(void* desc) = nullptr;
  Status (*cublasLtMatmulDescSetAttribute)(void* desc, int attr, const void* buf, std::size_t size) = nullptr;
  Status (*cublasLtMatrixLayoutCreate)(void** layout, int dataType, std::uint64_t rows, std::uint64_t cols,
                                       std::int64_t ld) = nullptr;
  Status (*cublasLtMatrixLayoutDestroy)(void* layout) = nullptr;
  Status (*cublasLtMatrixLayoutSetAttribute)(void* layout, int attr, const void* buf, std::size_t size) = nullptr;
  Status (*cublasLtMatmul)(void* handle, void* desc, const void* alpha, const void* a, void* aDesc, const void* b,
                           void* bDesc, const void* beta, const void* c, void* cDesc, void* d, void* dDesc,
                           const void* algo, void* workspace, std::size_t workspaceBytes, void* stream) = nullptr;
  Status (*cublasLtMatmulPreferenceCreate)(void** pref) = nullptr;
  Status (*cublasLtMatmulPreferenceDestroy)(void* pref) = nullptr;
  Status (*cublasLtMatmulPreferenceSetAttribute)(void* pref, int attr, const void* buf, std::size_t size) = nullptr;
  Status (*cublasLtMatmulAlgoGetHeuristic)(void* handle, void* desc, void* aDesc, void* bDesc, void* cDesc, void* dDesc,
                                           void* pref, int requested, BlasLtHeuristicResult* results,
                                           int* returned) = nullptr;

  /// "CUBLAS_STATUS_NOT_SUPPORTED" for a status (the number when the name is unknown).
  std::string statusName(Status status) const;
};

/// Values from cublasLt.h / library_types.h / cublas_api.h (test_exec_cuda_runner checks them
/// against the headers where the toolkit is installed).
namespace blaslt {
inline constexpr int kR16F = 2, kR16BF = 14, kR32F = 0, kR64F = 1;  // cudaDataType_t
inline constexpr int kCompute32F = 68, kCompute64F = 70;            // cublasComputeType_t
inline constexpr int kOpN = 0, kOpT = 1;                            // cublasOperation_t
inline constexpr int kDescTransA = 3, kDescTransB = 4, kDescEpilogue = 7, kDescBiasPointer = 8;
inline constexpr int kEpilogueBias = 4;
inline constexpr int kLayoutBatchCount = 5, kLayoutStridedBatchOffset = 6;
inline constexpr int kPrefMaxWorkspaceBytes = 1;  // cublasLtMatmulPreferenceAttributes_t, uint64_t
/// The workspace the heuristic may plan for (what PyTorch gives cuBLASLt on Hopper): split-K
/// and stream-K algorithms need it.
inline constexpr std::uint64_t kWorkspaceBytes = 32ull << 20;
}  // namespace blaslt

/// Loads cuBLASLt once per process (thread-safe); the error says which libraries were tried.
Result<const BlasLtApi*> loadBlasLt();

}  // namespace segscope::exec::cuda
