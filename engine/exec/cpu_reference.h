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

}  // namespace segscope::exec
