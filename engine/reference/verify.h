// Compares computed values with the reference using dtype-aware tolerances and names the
// worst element, so a mismatch says where and by how much.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "reference/host_tensor.h"

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

/// How many times the reference's error bound (cpu_reference.h, ErrorBounds) an element
/// may differ by, on top of its dtype's tolerance: the bound is first order, and a factor
/// of 2 absorbs the second-order terms and the GPU's few-ulp math functions.
inline constexpr double kBoundSafety = 2.0;

/// NaN matches NaN; infinities must match exactly; shapes and dtypes must agree. An element
/// may differ by toleranceFor(dtype) plus kBoundSafety × its entry of `bound` (the
/// reference's error bound for this value, row-major; empty means 0 everywhere).
Comparison compareValues(const Value& expected, const Value& actual, const std::vector<double>& bound = {});

/// Compares output lists pairwise; `names` label the messages; `bounds` (empty, or one per
/// output) are the reference's error bounds.
Comparison compareOutputs(const std::vector<Value>& expected, const std::vector<Value>& actual,
                          const std::vector<std::string>& names, const std::vector<std::vector<double>>& bounds = {});

}  // namespace segscope::exec
