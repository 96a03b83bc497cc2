// Compares computed values with the reference using dtype-aware tolerances and names the
// worst element, so a mismatch says where and by how much.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "exec/host_tensor.h"

namespace segscope::exec {

struct Tolerance {
  double absolute = 0;
  double relative = 0;
};

/// What an element of `dtype` may differ by after reordered but equivalent arithmetic.
Tolerance toleranceFor(ir::DataType dtype);

struct Comparison {
  bool ok = true;
  double maxAbsError = 0;
  std::int64_t worstIndex = -1;  // logical row-major index of the worst element
  double expected = 0, actual = 0;
  std::string message;  // empty when ok
};

/// NaN matches NaN; infinities must match exactly; shapes and dtypes must agree.
Comparison compareValues(const Value& expected, const Value& actual);

/// Compares output lists pairwise; `names` label the messages.
Comparison compareOutputs(const std::vector<Value>& expected, const std::vector<Value>& actual,
                          const std::vector<std::string>& names);

}  // namespace segscope::exec
