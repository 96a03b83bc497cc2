// What a segmentation is asked to do: how host scalars are placed, which merge phases run,
// and the nvFuser options that change which scheduler takes a group.
#pragma once

#include "scheduler/scheduler_options.h"
#include "segmenter/segmentation.h"

namespace segscope::segmenter {

struct SegmenterOptions {
  ScalarMode scalarMode = ScalarMode::HostSegment;
  bool runCombineReductions = true;
  bool runHerrmannMerge = true;
  bool runFinalMerge = true;
  /// Check the group graph's invariants after every phase (tests; costs a full validate).
  bool validateEachPhase = false;
  /// NVFUSER_ENABLE / NVFUSER_DISABLE options that change which scheduler takes a group.
  scheduler::SchedulerOptions schedulers;
};

}  // namespace segscope::segmenter
