// nvFuser's self-mapping check: no scheduler takes a group in which two dims of one tensor are
// the same loop (an input used as it is and transposed, both inside the group).
#pragma once

#include <optional>

#include "scheduler/exact_id_graph.h"
#include "scheduler/segment_view.h"

namespace segscope::scheduler::analysis {

struct SelfMapping {
  const ir::Val* tensor = nullptr;
  int first = -1, second = -1;  // two logical dims of `tensor` in one exact set
};

/// csrc/scheduler/registry.cpp:94-98 ("Iter domain graph check failed!") through
/// csrc/compute_at_map.cpp:251-324 findFirstSelfMapping: the first tensor of the segment whose
/// logical dims hold an exactly mapped pair. Exact sets join producer and consumer dims of the
/// same kind (broadcast with broadcast); through a reshape only unchanged dims join (nvFuser
/// also maps through matching merges and splits, see docs/fidelity.md).
std::optional<SelfMapping> firstSelfMapping(const SegmentView& view);

/// The first pair of `tensor`'s logical dims that `exact` maps together, if any.
std::optional<SelfMapping> selfMappedPair(const ExactIdGraph& exact, const ir::Val* tensor);

}  // namespace segscope::scheduler::analysis
