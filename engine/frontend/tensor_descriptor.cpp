// Contiguity and stride order from sizes and strides, ported from nvFuser's
// python/python_common/python_utils.cpp so that from_pytorch defines the same tensor.
#include "frontend/tensor_descriptor.h"

#include <algorithm>
#include <string>

namespace segscope::frontend {
namespace {

struct DimInfo {
  std::int64_t index = 0, size = 0, stride = 0, strideOrder = 0;
  std::optional<bool> contiguity;
  bool isBroadcast() const { return stride == 0 || size == 1; }
};

}  // namespace

Result<TensorDescriptor> computeTensorDescriptor(const std::vector<std::int64_t>& sizes,
                                                 const std::vector<std::int64_t>& strides) {
  if (sizes.size() != strides.size())
    return makeError("sizes and strides must have the same number of dimensions (" + std::to_string(sizes.size()) +
                     " vs " + std::to_string(strides.size()) + ")");
  const auto rank = static_cast<std::int64_t>(sizes.size());
  std::vector<DimInfo> dims, strideZero;
  for (std::int64_t i = 0; i < rank; ++i) {
    const auto u = static_cast<std::size_t>(i);
    // python_utils.cpp:42: negative strides are refused.
    if (strides[u] < 0)
      return makeError("negative stride on tensor is not supported: strides[" + std::to_string(i) +
                       "]=" + std::to_string(strides[u]));
    (strides[u] != 0 ? dims : strideZero).push_back(DimInfo{i, sizes[u], strides[u], 0, std::nullopt});
  }
  // Non-broadcast dims sorted by stride, outermost first; stride-0 dims keep their place.
  std::stable_sort(dims.begin(), dims.end(), [](const DimInfo& l, const DimInfo& r) { return l.stride > r.stride; });
  for (const DimInfo& d : strideZero) dims.insert(dims.begin() + d.index, d);
  // A dim is contiguous when its stride equals the next non-broadcast dim's stride times
  // size (1 for the innermost one); broadcast dims have no contiguity.
  for (std::int64_t i = 0; i < rank;) {
    dims[static_cast<std::size_t>(i)].strideOrder = rank - 1 - i;
    if (dims[static_cast<std::size_t>(i)].isBroadcast()) {
      ++i;
      continue;
    }
    const std::int64_t l = i++;
    std::int64_t expected = 1;
    for (; i < rank; ++i) {
      DimInfo& next = dims[static_cast<std::size_t>(i)];
      next.strideOrder = rank - 1 - i;
      if (!next.isBroadcast()) {
        expected = next.stride * next.size;
        break;
      }
    }
    dims[static_cast<std::size_t>(l)].contiguity = dims[static_cast<std::size_t>(l)].stride == expected;
  }
  TensorDescriptor out;
  out.strideOrder.assign(sizes.size(), -1);
  for (const DimInfo& d : dims) {
    out.strideOrder[static_cast<std::size_t>(d.index)] = d.strideOrder;
    out.contiguity.push_back(d.contiguity);
  }
  return out;
}

Result<std::vector<std::int64_t>> tensorViewBuilderSizes(const std::vector<std::int64_t>& sizes, bool staticSizes) {
  std::vector<std::int64_t> out;
  for (std::int64_t s : sizes) {
    if (s < 0) return makeError("size of " + std::to_string(s) + " is not supported in nvFuser; expected size >= 0");
    out.push_back(staticSizes || s == 1 ? s : -1);
  }
  return out;
}

std::vector<std::int64_t> contiguousStrides(const std::vector<std::int64_t>& sizes) {
  std::vector<std::int64_t> strides(sizes.size());
  std::int64_t running = 1;
  for (std::size_t i = sizes.size(); i-- > 0;) {
    strides[i] = running;
    running *= std::max<std::int64_t>(sizes[i], 1);
  }
  return strides;
}

}  // namespace segscope::frontend
