// What SegmentView::memo() keeps: analyses several schedulers ask of one view, computed once.
#pragma once

#include <optional>
#include <vector>

#include "scheduler/persistent_buffers.h"

namespace segscope::scheduler {

struct ViewMemo {
  // persistentBuffers(view) and persistentBuffers(view, rt): reshapes may map dims
  // differently with run-time sizes, so the two are kept apart (and the rt they used).
  std::optional<std::vector<analysis::PersistentBuffer>> buffers;
  std::optional<std::vector<analysis::PersistentBuffer>> buffersWithSizes;
  const RuntimeInfo* buffersRt = nullptr;
  std::optional<bool> hasViewOp;
};

}  // namespace segscope::scheduler
