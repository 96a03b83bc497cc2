// One cuBLASLt matmul ready to launch: the descriptors of a GemmPlan over device pointers, and the
// algorithm cuBLASLt's heuristic picked for it (queried once, then reused from a cache).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "exec/cuda/blas_api.h"
#include "exec/cuda/driver_api.h"
#include "exec/cuda/gemm_plan.h"
#include "support/result.h"

namespace segscope::exec::cuda {

struct GemmOperands {
  CUdeviceptr a = 0, b = 0, bias = 0, d = 0;  // bias 0: none
};

class GemmCall {
 public:
  /// Builds the descriptors. `cached` is an earlier choice for the same plan; without one the
  /// heuristic is asked (with kWorkspaceBytes of workspace allowed). `what` prefixes errors.
  static Result<std::unique_ptr<GemmCall>> create(const BlasLtApi& api, void* handle, const GemmPlan& plan,
                                                  const GemmOperands& operands,
                                                  const std::optional<BlasLtHeuristicResult>& cached,
                                                  const std::string& what);
  GemmCall(const GemmCall&) = delete;
  GemmCall& operator=(const GemmCall&) = delete;
  ~GemmCall();

  /// The algorithm this call runs (to cache for the plan).
  const BlasLtHeuristicResult& choice() const { return choice_; }
  std::size_t workspaceBytes() const { return choice_.workspaceSize; }
  /// D = op(A)·B (+ bias) with the chosen algorithm; `workspace` holds workspaceBytes().
  Status launch(CUdeviceptr workspace) const;

 private:
  GemmCall(const BlasLtApi& api, void* handle, const GemmPlan& plan, const GemmOperands& operands,
           const std::string& what)
      : api_(api), handle_(handle), plan_(plan), operands_(operands), what_(what) {}
  Status check(int status, const char* call) const;
  Status describe();
  Result<void*> layout(std::int64_t rows, std::int64_t cols, std::int64_t ld, std::int64_t stride);
  Status chooseAlgorithm();

  const BlasLtApi& api_;
  void* handle_;
  const GemmPlan& plan_;
  GemmOperands operands_;
  std::string what_;
  void* op_ = nullptr;
  void *aDesc_ = nullptr, *bDesc_ = nullptr, *dDesc_ = nullptr;
  std::vector<void*> layouts_;
  BlasLtHeuristicResult choice_;
};

}  // namespace segscope::exec::cuda
