// The CPU reference executor: runs an unsegmented fusion op by op — the verification oracle.
#pragma once

#include <vector>

#include "ir/fusion.h"
#include "reference/reference_values.h"
#include "support/result.h"

namespace segscope::exec {

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
