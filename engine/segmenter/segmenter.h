// The segmenter's entry: segmentFusion partitions a fusion into segments that one scheduler each
// can take, recording every merge attempt (nvFuser's SegmentCandidateFinder::findSegments).
#pragma once

#include <memory>
#include <vector>

#include "ir/fusion.h"
#include "ir/input_spec.h"
#include "scheduler/device_profile.h"
#include "scheduler/runtime_info.h"
#include "segmenter/segmentation.h"
#include "segmenter/segmenter_options.h"
#include "support/result.h"
#include "trace/recorder.h"

namespace segscope::segmenter {

struct SegmentationResult {
  /// The fusion the segments point into: the input after the segmenter's own rewrites
  /// (privatized casts that ended up in one segment are merged back).
  std::shared_ptr<const ir::Fusion> fusion;
  /// The sizes of `fusion`'s values, as the segmenter bound them. Bound before it folded
  /// privatized casts back (it only removes values after binding), so it may also hold values
  /// `fusion` no longer has; every value it has is there, with the same sizes.
  std::shared_ptr<const scheduler::RuntimeInfo> runtime;
  Segmentation segmentation;
  /// Merge questions the segmenter asked, cached answers included: its work. The attempts a
  /// user reads (trace::Step::isMergeAttempt) are the trace's, counted by Trace::mergeCounts.
  int mergeQuestions = 0;
  int schedulerQueries = 0;  // proposeHeuristics runs
  // Exprs of every view asked about plus what the analyses visited in them (ViewMemo::work):
  // grows with the size of each question, so a quadratic analysis shows up as a count.
  std::uint64_t analysisWork = 0;
  double milliseconds = 0;
};

/// Segments `fusion` for the inputs described by `inputs` (one spec per fusion input) on
/// `device`. Steps go to `recorder`: the whole-fusion try, every merge attempt with each
/// scheduler's verdict, and the finalize stages. Fails when the inputs do not fit the
/// fusion or some expr cannot be scheduled even alone. `fusionSnapshot`, when given, is a
/// snapshot of `fusion` as it is now: the steps show it instead of another copy.
Result<SegmentationResult> segmentFusion(const ir::Fusion& fusion, const std::vector<ir::InputSpec>& inputs,
                                         const scheduler::DeviceProfile& device, const SegmenterOptions& options,
                                         trace::Recorder& recorder, trace::SnapshotPtr fusionSnapshot = nullptr);

}  // namespace segscope::segmenter
