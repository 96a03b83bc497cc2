// What the CPU reference's API and its interpreter share: the run's options and the maps of
// values and error bounds by Val id.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "reference/host_tensor.h"

namespace segscope::exec {

struct ReferenceOptions {
  /// Seeds uniform/normal/rand_like/randn_like together with the expr id (and any seed
  /// or offset operand), so repeated runs give identical results.
  std::uint64_t seed = 0;
};

/// Every value a run produced, by Val id: the inputs, the scalars it resolved (constants,
/// extents) and every expr's outputs. Tensors are contiguous in their IR dtype.
using ValueMap = std::unordered_map<int, Value>;

/// Per element of a tensor value (row-major, by Val id): how far a correct computation in
/// the GPU's precision (float, rounding only where values are stored) may drift from the
/// reference's. Each op adds its rounding, (u(dtype) + 2·u(float))·|value|; each
/// accumulation over n terms adds 4·√n·u(float)·Σ|terms| (ref_error_bounds.h); drift
/// already in the operands is carried through the op by re-running it on the operand plus
/// its bound, so cancellation (a − b with a ≈ b) keeps the operands' drift instead of
/// shrinking it with the result. Integer and bool operands are taken as exact; scalars
/// are computed in double on both sides and carry no bound. Missing ids have bound 0.
using ErrorBounds = std::unordered_map<int, std::vector<double>>;

}  // namespace segscope::exec
