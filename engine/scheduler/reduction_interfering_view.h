// nvFuser's check that no reshape merges dims a reduction schedule keeps apart.
#pragma once

#include "scheduler/runtime_info.h"
#include "scheduler/segment_view.h"

namespace segscope::scheduler::analysis {

/// csrc/scheduler/registry_utils.cpp:433-556 reductionInterferingView: the reference
/// reduction's dims fall into up to three groups (the innermost run of dims of one kind, then
/// the rest of that kind, then the other kind); when a reshape in the segment merges or splits
/// dims of two different groups into one another, the reduction (and normalization) schedule
/// cannot be applied. Reshapes that only split never interfere. Returns false without reshapes.
bool reductionInterferingView(const SegmentView& view, const ir::Expr* reference, const RuntimeInfo* rt = nullptr);

}  // namespace segscope::scheduler::analysis
