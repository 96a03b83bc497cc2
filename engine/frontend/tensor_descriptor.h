// What nvFuser's Python frontend derives from a real tensor's sizes and strides
// (fd.from_pytorch and the define_tensor(sizes, strides) overload).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "support/result.h"

namespace segscope::frontend {

struct TensorDescriptor {
  std::vector<std::optional<bool>> contiguity;  // allocation order, outermost first; nullopt = broadcast
  std::vector<std::int64_t> strideOrder;        // per logical dim: rank-1 = outermost
};

/// python/python_common/python_utils.cpp:30 computeTensorDescriptor. Errors on a negative
/// stride or mismatched lengths (unpositioned; the caller adds where).
Result<TensorDescriptor> computeTensorDescriptor(const std::vector<std::int64_t>& sizes,
                                                 const std::vector<std::int64_t>& strides);

/// python/python_common/python_utils.cpp:225 getTensorViewBuilderSizes: without
/// static_sizes every extent other than 1 becomes symbolic (-1).
Result<std::vector<std::int64_t>> tensorViewBuilderSizes(const std::vector<std::int64_t>& sizes, bool staticSizes);

/// Row-major strides of a dense tensor of `sizes` (torch's default layout).
std::vector<std::int64_t> contiguousStrides(const std::vector<std::int64_t>& sizes);

}  // namespace segscope::frontend
