// Everything one opened fusion has: its text, the fusion as loaded and after the passes, the
// recorded trace, the segmentation, and the regions (computed when first asked for). The CLI
// and the GUI read a Session; neither runs an engine stage itself.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "frontend/script.h"
#include "pipeline/stage_instrumentation.h"
#include "regions/region_comparison.h"
#include "regions/regions.h"
#include "scheduler/device_profile.h"
#include "scheduler/runtime_info.h"
#include "scheduler/scheduler_options.h"
#include "segmenter/segmenter.h"
#include "support/result.h"
#include "trace/diff.h"
#include "trace/trace.h"

namespace segscope::pipeline {

struct Session {
  std::string file;    // the script (or saved trace .json) that was opened
  std::string source;  // the script's text; empty for a saved trace whose script is gone
  /// The script after the passes: its fusion is null for a saved trace; its inputs (one per
  /// fusion input) are what every analysis needing concrete bytes binds to.
  frontend::Script script;
  std::shared_ptr<const ir::Fusion> loaded;  // the fusion as the script defined it (before passes)
  std::optional<scheduler::DeviceProfile> profile;
  /// The nvFuser options the segmentation ran with: the caller's and the script's together.
  scheduler::SchedulerOptions options;
  std::shared_ptr<const trace::Trace> trace;
  /// Null when the pipeline stopped before segmenting, and for a saved trace.
  std::shared_ptr<const segmenter::SegmentationResult> segmentation;
  /// The stages that ran, in order, with their times (empty for a saved trace).
  std::vector<StageRun> stageRuns;

  const std::vector<ir::InputSpec>& inputs() const { return script.inputs; }
  /// The options that differ from nvFuser's defaults, in its spelling ("fuse_matmul").
  std::vector<std::string> enabledOptionNames() const { return scheduler::enabledOptionNames(options); }
  std::vector<std::string> disabledOptionNames() const { return scheduler::disabledOptionNames(options); }

  /// The sizes of `fusion`'s values for this session's inputs (nvFuser's SchedulerRuntimeInfo).
  /// `fusion` is one the session holds (the script's, the segmented fusion, a step's snapshot):
  /// bound once per fusion, then shared; the segmented fusion's comes from the segmenter.
  /// Safe to call from several threads.
  Result<std::shared_ptr<const scheduler::RuntimeInfo>> runtimeOf(const ir::Fusion& fusion) const;

  /// The final segmentation as a snapshot to draw (a copy of the segmented fusion, with
  /// segment ids as group ids): made once, then shared; null without a segmentation.
  trace::SnapshotPtr segmentationSnapshot() const;

  /// Bytes of each segmentation edge's value, in edge order (0 where its size is unknown);
  /// empty without a segmentation.
  std::vector<std::int64_t> segmentEdgeBytes() const;

  /// The fusible regions of `fusion` (a snapshot of this session's trace, or the segmented
  /// fusion) for this session's inputs and profile: computed once per fusion, then shared.
  /// Safe to call from several threads.
  Result<std::shared_ptr<const regions::RegionAnalysis>> regionsOf(const ir::Fusion& fusion) const;

  /// The regions of the segmented fusion and how each compares with the segmentation.
  struct FinalRegions {
    std::shared_ptr<const regions::RegionAnalysis> analysis;
    std::vector<regions::RegionComparison> comparisons;
  };
  Result<FinalRegions> finalRegions() const;

  /// What step `index` changed in the IR and in the grouping (empty when it has no before and
  /// after snapshot): computed once per step, then shared, so the shells never diff again.
  using StepDiff = trace::StepDiff;
  std::shared_ptr<const StepDiff> diffOf(std::size_t index) const;

 private:
  // Analyses keyed by the fusion they describe. The fusions are immutable snapshots the
  // session holds, so an entry never goes stale and nothing is invalidated.
  struct FusionAnalyses {
    std::mutex mutex;
    std::map<const ir::Fusion*, std::shared_ptr<const regions::RegionAnalysis>> regions;
    std::map<const ir::Fusion*, std::shared_ptr<const scheduler::RuntimeInfo>> runtimes;
    trace::SnapshotPtr segmentationSnapshot;
  };
  std::shared_ptr<FusionAnalyses> analyses_ = std::make_shared<FusionAnalyses>();
  struct DiffCache {
    std::mutex mutex;
    std::map<std::size_t, std::shared_ptr<const StepDiff>> byStep;
  };
  std::shared_ptr<DiffCache> diffs_ = std::make_shared<DiffCache>();
};

using SessionPtr = std::shared_ptr<const Session>;

}  // namespace segscope::pipeline
