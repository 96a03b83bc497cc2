// nvFuser's hasIncompatibleTransforms (csrc/scheduler/registry_utils.cpp:1216): one group of
// mapped dims reshaped two different ways cannot be scheduled as one kernel (except by the
// resize scheduler).
#pragma once

#include "scheduler/runtime_info.h"
#include "scheduler/segment_view.h"

namespace segscope::scheduler::analysis {

/// A reshape of the segment that splits or merges a dim group differently from another
/// reshape of the same group, or null when all reshapes agree.
const ir::Expr* incompatibleReshape(const SegmentView& view, const RuntimeInfo& rt);

}  // namespace segscope::scheduler::analysis
