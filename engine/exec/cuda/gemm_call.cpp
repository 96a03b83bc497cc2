// cuBLASLt descriptors, the heuristic query and the launch of one planned GEMM.
#include "exec/cuda/gemm_call.h"

#include <cstdint>

namespace segscope::exec::cuda {

Result<std::unique_ptr<GemmCall>> GemmCall::create(const BlasLtApi& api, void* handle, const GemmPlan& plan,
                                                   const GemmOperands& operands,
                                                   const std::optional<BlasLtHeuristicResult>& cached,
                                                   const std::string& what) {
  std::unique_ptr<GemmCall> call(new GemmCall(api, handle, plan, operands, what));
  if (Status st = call->describe(); !st) return st.error();
  if (cached) {
    call->choice_ = *cached;
  } else if (Status st = call->chooseAlgorithm(); !st) {
    return st.error();
  }
  return call;
}

GemmCall::~GemmCall() {
  for (void* l : layouts_) api_.cublasLtMatrixLayoutDestroy(l);
  if (op_) api_.cublasLtMatmulDescDestroy(op_);
}

Status GemmCall::check(int status, const char* call) const {
  if (status == 0) return {};
  return makeError(what_ + ": " + call + " failed: " + api_.statusName(status));
}

Result<void*> GemmCall::layout(std::int64_t rows, std::int64_t cols, std::int64_t ld, std::int64_t stride) {
  void* l = nullptr;
  if (Status st = check(api_.cublasLtMatrixLayoutCreate(&l, plan_.dataType, static_cast<std::uint64_t>(rows),
                                                        static_cast<std::uint64_t>(cols), ld),
                        "cublasLtMatrixLayoutCreate");
      !st)
    return st.error();
  layouts_.push_back(l);
  if (plan_.batch > 1) {
    const int count = static_cast<int>(plan_.batch);
    if (Status st = check(api_.cublasLtMatrixLayoutSetAttribute(l, blaslt::kLayoutBatchCount, &count, sizeof count),
                          "cublasLtMatrixLayoutSetAttribute");
        !st)
      return st.error();
    if (Status st =
            check(api_.cublasLtMatrixLayoutSetAttribute(l, blaslt::kLayoutStridedBatchOffset, &stride, sizeof stride),
                  "cublasLtMatrixLayoutSetAttribute");
        !st)
      return st.error();
  }
  return l;
}

Status GemmCall::describe() {
  const GemmPlan& g = plan_;
  if (Status st = check(api_.cublasLtMatmulDescCreate(&op_, g.computeType, g.scaleType), "cublasLtMatmulDescCreate");
      !st)
    return st;
  const int transB = blaslt::kOpN;
  const auto set = [&](int attr, const void* value, std::size_t size) {
    return check(api_.cublasLtMatmulDescSetAttribute(op_, attr, value, size), "cublasLtMatmulDescSetAttribute");
  };
  if (Status st = set(blaslt::kDescTransA, &g.transA, sizeof(int)); !st) return st;
  if (Status st = set(blaslt::kDescTransB, &transB, sizeof(int)); !st) return st;
  if (operands_.bias) {
    const std::uint32_t epilogue = blaslt::kEpilogueBias;
    const void* biasPtr = reinterpret_cast<const void*>(static_cast<std::uintptr_t>(operands_.bias));
    if (Status st = set(blaslt::kDescEpilogue, &epilogue, sizeof epilogue); !st) return st;
    if (Status st = set(blaslt::kDescBiasPointer, &biasPtr, sizeof biasPtr); !st) return st;
  }
  // Column-major layouts: A is k x m (transposed) or m x k, B is k x n, D is m x n.
  const bool transA = g.transA == blaslt::kOpT;
  SEGSCOPE_TRY(aDesc_, layout(transA ? g.k : g.m, transA ? g.m : g.k, g.lda, g.strideA));
  SEGSCOPE_TRY(bDesc_, layout(g.k, g.n, g.ldb, g.strideB));
  SEGSCOPE_TRY(dDesc_, layout(g.m, g.n, g.ldd, g.strideD));
  return {};
}

// Without an explicit algorithm cuBLASLt runs its heuristic inside every cublasLtMatmul and
// plans for no workspace (no split-K or stream-K); asking once with a workspace fixes both.
Status GemmCall::chooseAlgorithm() {
  void* preference = nullptr;
  if (Status st = check(api_.cublasLtMatmulPreferenceCreate(&preference), "cublasLtMatmulPreferenceCreate"); !st)
    return st;
  struct Release {
    const BlasLtApi& api;
    void* p;
    ~Release() { api.cublasLtMatmulPreferenceDestroy(p); }
  } release{api_, preference};
  const std::uint64_t workspace = blaslt::kWorkspaceBytes;
  if (Status st = check(api_.cublasLtMatmulPreferenceSetAttribute(preference, blaslt::kPrefMaxWorkspaceBytes,
                                                                  &workspace, sizeof workspace),
                        "cublasLtMatmulPreferenceSetAttribute");
      !st)
    return st;
  int found = 0;
  if (Status st = check(api_.cublasLtMatmulAlgoGetHeuristic(handle_, op_, aDesc_, bDesc_, dDesc_, dDesc_, preference, 1,
                                                            &choice_, &found),
                        "cublasLtMatmulAlgoGetHeuristic");
      !st)
    return st;
  if (found < 1 || choice_.state != 0)
    return makeError(what_ + ": cuBLASLt has no algorithm for this matmul (" + std::to_string(plan_.m) + "x" +
                     std::to_string(plan_.n) + "x" + std::to_string(plan_.k) + ", batch " +
                     std::to_string(plan_.batch) + ")");
  return {};
}

Status GemmCall::launch(CUdeviceptr workspace) const {
  const float one32 = 1.0f, zero32 = 0.0f;
  const double one64 = 1.0, zero64 = 0.0;
  const bool wide = plan_.scaleType == blaslt::kR64F;
  const auto ptr = [](CUdeviceptr address) { return reinterpret_cast<void*>(static_cast<std::uintptr_t>(address)); };
  return check(api_.cublasLtMatmul(handle_, op_, wide ? static_cast<const void*>(&one64) : &one32, ptr(operands_.a),
                                   aDesc_, ptr(operands_.b), bDesc_, wide ? static_cast<const void*>(&zero64) : &zero32,
                                   ptr(operands_.d), dDesc_, ptr(operands_.d), dDesc_, &choice_.algo, ptr(workspace),
                                   choice_.workspaceSize, nullptr),
               "cublasLtMatmul");
}

}  // namespace segscope::exec::cuda
