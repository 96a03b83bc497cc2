// A segment that is one matmul or linear, planned as one cuBLASLt call (column-major roles,
// leading dimensions, batch strides), or the reason the host runs it instead.
#pragma once

#include <cstdint>
#include <vector>

#include "exec/cuda/blas_api.h"
#include "ir/data_type.h"
#include "scheduler/runtime_info.h"
#include "segmenter/segment_export.h"
#include "support/result.h"

namespace segscope::exec::cuda {

inline std::int64_t elementCount(const std::vector<std::int64_t>& sizes) {
  std::int64_t n = 1;
  for (std::int64_t s : sizes) n *= s;
  return n;
}

/// One GEMM in cuBLASLt's column-major terms: D[m, n] = op(A)[m, k] * B[k, n], batched.
struct GemmPlan {
  bool linear = false;
  int dataType = blaslt::kR32F, computeType = blaslt::kCompute32F, scaleType = blaslt::kR32F;
  std::int64_t m = 0, n = 0, k = 0, batch = 1;  // column-major D[m, n] = op(A)[m, k] * B[k, n]
  int transA = blaslt::kOpN;
  std::int64_t lda = 0, ldb = 0, ldd = 0, strideA = 0, strideB = 0, strideD = 0;
  int aInput = -1, bInput = -1, biasInput = -1;  // segment input positions: A, B (column-major roles), bias
  std::vector<std::int64_t> outSizes;
  ir::DataType outDtype = ir::DataType::Float;
};

/// The cuBLASLt plan of segment `x`; `info` is bound on `full`, the fusion the segment was
/// exported from. An error says why the segment is not one GEMM cuBLASLt can run.
Result<GemmPlan> gemmPlanOf(const segmenter::SegmentExport& x, const ir::Fusion& full,
                            const scheduler::RuntimeInfo& info);

}  // namespace segscope::exec::cuda
