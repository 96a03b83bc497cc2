// nvFuser's check for broadcasts of a reduction's result that a normalization cannot resolve.
#pragma once

#include <optional>

#include "scheduler/runtime_info.h"
#include "scheduler/segment_view.h"

namespace segscope::scheduler::analysis {

/// Where a reduction's broadcast result meets a dim that is not traced back to a dim the
/// reductions read: `producer` (broadcast) is resolved by `consumer`.
struct UnsupportedPostReductionBroadcast {
  const ir::Val* reduction = nullptr;
  const ir::Val* producer = nullptr;
  const ir::Val* consumer = nullptr;
};

/// csrc/scheduler/registry_utils.cpp:586-835 hasNonNormalizePostReductionBCast: following
/// every use chain of every reduction result, each broadcast it meets (after moving forward
/// past consumers that carry the resolved dims without broadcasts of their own, issue 2146)
/// must trace back to a non-broadcast dim of a tensor the reductions read. The chains are
/// walked as a search over (tensor, dims) states, so shared suffixes are visited once.
std::optional<UnsupportedPostReductionBroadcast> nonNormalizePostReductionBroadcast(const SegmentView& view,
                                                                                    const RuntimeInfo* rt = nullptr);

}  // namespace segscope::scheduler::analysis
