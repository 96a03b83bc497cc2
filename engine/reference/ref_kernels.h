// Kernels of the CPU reference, grouped by op family (internal to engine/exec).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "ir/op_type.h"
#include "reference/ref_tensor.h"

namespace segscope::exec::ref {

// Kernels take resolved integers and doubles (the interpreter resolves symbolic shapes and
// scalars) and throw KernelError on bad data.

// --- elementwise (ref_elementwise.cpp) ------------------------------------------------
RefTensor unaryOp(ir::OpType op, const RefTensor& x, ir::DataType out);
RefTensor binaryOp(ir::OpType op, const RefTensor& a, const RefTensor& b, ir::DataType out);
/// where/lerp/clamp/threshold/add_alpha/sub_alpha (3 operands) and addcmul (4).
RefTensor ternaryOp(ir::OpType op, const std::vector<const RefTensor*>& args, ir::DataType out);
RefTensor castTo(const RefTensor& x, ir::DataType out);

// --- reductions (ref_reduction.cpp) ----------------------------------------------------
/// sum/prod/max/min over `dims` (normalized, any order).
RefTensor reduce(ir::OpType op, const RefTensor& x, const Shape& dims, bool keepdim, ir::DataType out);
struct VarMeanResult {
  RefTensor var, mean;
};
VarMeanResult varMean(const RefTensor& x, const Shape& dims, std::int64_t correction, bool keepdim,
                      ir::DataType varType, ir::DataType meanType);
struct WelfordResult {
  RefTensor avg, m2, n;
};
WelfordResult welford(const RefTensor& x, const Shape& dims, ir::DataType avgType, ir::DataType m2Type,
                      ir::DataType nType);
RefTensor cumsum(const RefTensor& x, std::int64_t dim, ir::DataType out);

// --- views and data movement (ref_layout.cpp) -------------------------------------------
RefTensor broadcast(const RefTensor& x, const std::vector<bool>& isBroadcastDim);
/// `shape` entries of -1 keep the input's extent.
RefTensor broadcastInDim(const RefTensor& x, const Shape& shape, const Shape& broadcastDims);
RefTensor expand(const RefTensor& x, const Shape& shape);
RefTensor squeeze(const RefTensor& x, const Shape& dims, bool squeezeExpanded);
/// One entry of `shape` may be -1 (inferred).
RefTensor reshape(const RefTensor& x, Shape shape);
RefTensor permute(const RefTensor& x, const Shape& dims);
RefTensor slice(const RefTensor& x, Shape starts, Shape ends, Shape steps, bool manualNormalization);
/// widths: (left, right) pairs starting from the last dim; negative widths crop.
RefTensor pad(const RefTensor& x, const Shape& widths, double value);
RefTensor cat(const std::vector<const RefTensor*>& xs, std::int64_t dim, ir::DataType out);
RefTensor full(const Shape& shape, double value, ir::DataType out);
RefTensor iota(std::int64_t length, double start, double step, ir::DataType out);
RefTensor triu(const RefTensor& x, std::int64_t diagonal);
/// uniform/rand_like draw U[a, b); normal/randn_like draw N(a, b^2). Deterministic in `seed`.
RefTensor randomFill(ir::OpType op, const Shape& shape, double a, double b, std::uint64_t seed, ir::DataType out);

// --- indexing (ref_layout.cpp) -----------------------------------------------------------
/// gather (index may be smaller than x off `dim`) or take_along_axis (broadcasts off `dim`).
RefTensor gather(ir::OpType op, const RefTensor& x, const RefTensor& index, std::int64_t dim);
RefTensor indexSelect(const RefTensor& x, const RefTensor& index, std::int64_t dim);
/// Negative indices count from the end, as in torch.select.
RefTensor select(const RefTensor& x, std::int64_t index, std::int64_t dim);
RefTensor embedding(const RefTensor& indices, const RefTensor& weight);

// --- linear algebra (ref_linalg.cpp) -----------------------------------------------------
/// torch.matmul: 1-D operands gain and then lose a dim; batch dims broadcast.
RefTensor matmul(const RefTensor& a, const RefTensor& b, ir::DataType out);
/// x @ w^T (+ bias).
RefTensor linear(const RefTensor& x, const RefTensor& w, const RefTensor* bias, ir::DataType out);

struct SdpaOptions {
  double dropoutP = 0.0;
  bool isCausal = false;
  std::optional<double> scale;  // default 1/sqrt(head_dim)
};
struct SdpaFwdResult {
  RefTensor out, logsumexp;
};
SdpaFwdResult sdpaFwd(const RefTensor& q, const RefTensor& k, const RefTensor& v, const SdpaOptions& options,
                      ir::DataType outType, ir::DataType lseType);
struct SdpaBwdResult {
  RefTensor gradQ, gradK, gradV;
};
SdpaBwdResult sdpaBwd(const RefTensor& gradOut, const RefTensor& q, const RefTensor& k, const RefTensor& v,
                      const RefTensor& out, const RefTensor& logsumexp, const SdpaOptions& options,
                      ir::DataType gradQType, ir::DataType gradKType, ir::DataType gradVType);

}  // namespace segscope::exec::ref
