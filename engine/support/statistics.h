// The one definition of a median Segscope reports (CLI, Run dock, CUDA runner alike).
#pragma once

#include <algorithm>
#include <vector>

namespace segscope::support {

/// The middle value; for an even count, the mean of the two middle values. 0 when empty.
inline double median(std::vector<double> values) {
  if (values.empty()) return 0.0;
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

}  // namespace segscope::support
