// What SegmentView::memo() keeps: analyses several schedulers ask of one view, computed once.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace segscope::ir {
class Expr;
}

namespace segscope::scheduler {

class RuntimeInfo;

// Declared only: the memo sits under the analyses it keeps (segment_view.h owns one), so it
// must not include them.
namespace analysis {
class ValueIndex;
struct PersistentBufferInfo;
}  // namespace analysis

struct ViewMemo {
  std::shared_ptr<const analysis::ValueIndex> values;      // analysis::valueIndexOf(view)
  std::optional<std::vector<const ir::Expr*>> reductions;  // analysis::reductionExprs(view)
  // persistentBuffers(view) and persistentBuffers(view, rt): reshapes may map dims
  // differently with run-time sizes, so the two are kept apart (and the rt they used).
  std::shared_ptr<const analysis::PersistentBufferInfo> buffers;
  std::shared_ptr<const analysis::PersistentBufferInfo> buffersWithSizes;
  const RuntimeInfo* buffersRt = nullptr;
  // Whether some reshape of the view groups its dims differently with buffersRt's sizes than
  // with the static extents (when none does, the two questions above have one answer).
  std::optional<bool> sizesRegroup;
  std::optional<bool> hasViewOp;
  // Values and exprs the analyses of this view visited: a deterministic measure of their
  // cost, which the segmenter sums so that tests can bound it (test_complexity_guards).
  std::uint64_t work = 0;
};

}  // namespace segscope::scheduler
