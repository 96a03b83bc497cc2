// Which scheduler takes a segment: the common gate, canSchedule and proposeHeuristics.
#pragma once

#include <vector>

#include "scheduler/device_profile.h"
#include "scheduler/runtime_info.h"
#include "scheduler/scheduler_options.h"
#include "scheduler/scheduler_type.h"
#include "scheduler/segment_view.h"
#include "scheduler/verdict.h"

namespace segscope::scheduler {

struct SchedulerVerdict {
  SchedulerType type = SchedulerType::None;
  Verdict verdict;
  bool compileTimeOnly = false;  // decided before the run-time check (gate or compile time)
};

struct Proposal {
  SchedulerType accepted = SchedulerType::None;
  /// Every scheduler tried, in priority order, up to and including the accepted one.
  std::vector<SchedulerVerdict> verdicts;
};

/// nvFuser's checkCanSchedule: rules every scheduler but expr_eval must pass.
Verdict commonGate(const SegmentView& view, SchedulerType type);

/// Gate (skipped for expr_eval), then compile-time, then run-time checks of one scheduler.
Verdict canSchedule(SchedulerType type, const SegmentView& view, const RuntimeInfo& rt, const DeviceProfile& device,
                    const SchedulerOptions& options = {});

/// The first scheduler in priority order that accepts, with every verdict up to it.
Proposal proposeHeuristics(const SegmentView& view, const RuntimeInfo& rt, const DeviceProfile& device,
                           const SchedulerOptions& options = {});

}  // namespace segscope::scheduler
