// nvFuser's view analysis (csrc/transform_view.cpp AnalyzeViewTransformation): how a reshape
// from one concrete shape to another is made of squeezes, splits, merges and broadcasts.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <vector>

#include "ir/expr.h"
#include "ir/val.h"

namespace segscope::scheduler {

struct ReshapeTransforms {
  struct Step {
    bool merge = false;       // merge(index, index + 1), else an outer split of index by factor
    int index = 0;            // position in the transform view (the domain after the squeezes)
    std::int64_t factor = 0;  // outer extent of a split
  };
  std::set<int> squeezed;       // input dims squeezed first (broadcasts the new shape drops)
  std::vector<Step> steps;      // in order
  std::vector<int> broadcasts;  // output dims that are new broadcasts
};

/// The concrete size of dim `d` of tensor `tv` when known (run-time sizes where the caller has
/// them; constant extents otherwise).
using ExtentOf = std::function<std::optional<std::int64_t>(const ir::TensorView* tv, int d)>;

/// Constant extents only.
ExtentOf constantExtents();

/// The sizes a reshape expr is decomposed with: those it was concretized with (see
/// passes::concretizeReshapes), else the ones `extentOf` knows; nullopt when some are unknown.
struct ReshapeSizes {
  std::vector<std::int64_t> in, out;
};
std::optional<ReshapeSizes> reshapeSizes(const ir::Expr& reshape, const ExtentOf& extentOf);

/// The decomposition of reshaping `in` (with concrete sizes `inSizes`) to `outSizes`, or
/// nullopt when the sizes do not describe a reshape.
std::optional<ReshapeTransforms> analyzeReshape(const ir::TensorView& in, const std::vector<std::int64_t>& inSizes,
                                                const std::vector<std::int64_t>& outSizes);

}  // namespace segscope::scheduler
