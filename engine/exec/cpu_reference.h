// The CPU reference executor: runs an unsegmented fusion op by op — the verification oracle.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "exec/host_tensor.h"
#include "ir/fusion.h"
#include "support/result.h"

namespace segscope::exec {

struct ReferenceOptions {
  /// Seeds uniform/normal/rand_like/randn_like together with the expr id (and any seed
  /// or offset operand), so repeated runs give identical results.
  std::uint64_t seed = 0;
};

/// Every value a run produced, by Val id: the inputs, the scalars it resolved (constants,
/// extents) and every expr's outputs. Tensors are contiguous in their IR dtype.
using ValueMap = std::unordered_map<int, Value>;

/// Runs `fusion` on `inputs` (one Value per fusion input, in order) and returns the values
/// of fusion.outputs() in order. Arithmetic runs in double on each op, and each result is
/// rounded to its Val's dtype, so Half/BFloat16 results match a float computation rounded
/// to 16 bits. Errors (bad inputs, out-of-range indices, complex or Float8 arithmetic)
/// name the op and carry its source location; nothing is thrown.
Result<std::vector<Value>> runReference(const ir::Fusion& fusion, const std::vector<Value>& inputs,
                                        const ReferenceOptions& options = {});

/// The same run, keeping every value (for the debugger's intermediate and host scalar views).
Result<ValueMap> runReferenceAll(const ir::Fusion& fusion, const std::vector<Value>& inputs,
                                 const ReferenceOptions& options = {});

/// Per element of a tensor value (row-major, by Val id): how far a correct computation in
/// the GPU's precision (float, rounding only where values are stored) may drift from the
/// reference's. Each op adds its rounding, (u(dtype) + 2·u(float))·|value|; each
/// accumulation over n terms adds 4·√n·u(float)·Σ|terms| (ref_error_bounds.h); drift
/// already in the operands is carried through the op by re-running it on the operand plus
/// its bound, so cancellation (a − b with a ≈ b) keeps the operands' drift instead of
/// shrinking it with the result. Integer and bool operands are taken as exact; scalars
/// are computed in double on both sides and carry no bound. Missing ids have bound 0.
using ErrorBounds = std::unordered_map<int, std::vector<double>>;

struct BoundedOutputs {
  std::vector<Value> outputs;
  std::vector<std::vector<double>> bounds;  // per output; empty for scalars
};
struct BoundedValues {
  ValueMap values;
  ErrorBounds bounds;
};

/// runReference plus the outputs' error bounds (each op runs 2 + k times, k its operands
/// with a bound: meant for verification, not for the debugger's views).
Result<BoundedOutputs> runReferenceBounded(const ir::Fusion& fusion, const std::vector<Value>& inputs,
                                           const ReferenceOptions& options = {});
/// runReferenceAll plus the error bound of every tensor value.
Result<BoundedValues> runReferenceAllBounded(const ir::Fusion& fusion, const std::vector<Value>& inputs,
                                             const ReferenceOptions& options = {});

}  // namespace segscope::exec
