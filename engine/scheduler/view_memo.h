// What SegmentView::memo() keeps: analyses several schedulers ask of one view, computed once.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "scheduler/persistent_buffers.h"

namespace segscope::scheduler {

namespace analysis {
class ValueIndex;
}

struct ViewMemo {
  std::shared_ptr<const analysis::ValueIndex> values;      // analysis::valueIndexOf(view)
  std::optional<std::vector<const ir::Expr*>> reductions;  // analysis::reductionExprs(view)
  // persistentBuffers(view) and persistentBuffers(view, rt): reshapes may map dims
  // differently with run-time sizes, so the two are kept apart (and the rt they used).
  std::optional<analysis::PersistentBufferInfo> buffers;
  std::optional<analysis::PersistentBufferInfo> buffersWithSizes;
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
