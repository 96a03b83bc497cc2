// Session's on-demand analyses: sizes and regions (once per fusion), step diffs (once per
// step), shared across threads.
#include "pipeline/session.h"

#include "graph/graph_builder.h"

namespace segscope::pipeline {

Result<std::shared_ptr<const scheduler::RuntimeInfo>> Session::runtimeOf(const ir::Fusion& fusion) const {
  {
    std::lock_guard<std::mutex> lock(analyses_->mutex);
    if (auto it = analyses_->runtimes.find(&fusion); it != analyses_->runtimes.end()) return it->second;
  }
  // The segmenter bound the segmented fusion already; any other fusion is bound here, outside
  // the lock (a rare duplicate binding by two threads is harmless).
  std::shared_ptr<const scheduler::RuntimeInfo> runtime;
  if (segmentation && segmentation->fusion.get() == &fusion && segmentation->runtime) {
    runtime = segmentation->runtime;
  } else {
    SEGSCOPE_TRY(scheduler::RuntimeInfo bound, scheduler::RuntimeInfo::bind(fusion, script.inputs));
    runtime = std::make_shared<const scheduler::RuntimeInfo>(std::move(bound));
  }
  std::lock_guard<std::mutex> lock(analyses_->mutex);
  return analyses_->runtimes.emplace(&fusion, std::move(runtime)).first->second;
}

trace::SnapshotPtr Session::segmentationSnapshot() const {
  if (!segmentation) return nullptr;
  std::lock_guard<std::mutex> lock(analyses_->mutex);
  if (!analyses_->segmentationSnapshot)
    analyses_->segmentationSnapshot = graph::snapshotOfSegmentation(segmentation->segmentation);
  return analyses_->segmentationSnapshot;
}

std::vector<std::int64_t> Session::segmentEdgeBytes() const {
  std::vector<std::int64_t> bytes;
  if (!segmentation) return bytes;
  auto runtime = runtimeOf(*segmentation->fusion);
  for (const segmenter::SegmentEdge& e : segmentation->segmentation.edges)
    bytes.push_back(runtime ? runtime.value()->numel(e.val) * ir::byteSize(e.val->dtype()) : 0);
  return bytes;
}

Result<std::shared_ptr<const regions::RegionAnalysis>> Session::regionsOf(const ir::Fusion& fusion) const {
  if (script.inputs.empty() || !profile)
    return makeError("regions need the script's input sizes: open the script rather than a trace whose script is gone");
  {
    std::lock_guard<std::mutex> lock(analyses_->mutex);
    if (auto it = analyses_->regions.find(&fusion); it != analyses_->regions.end()) return it->second;
  }
  // Computed outside the lock: a 10k-op fusion takes a while, and two threads asking for two
  // different steps should not wait on each other. A rare duplicate computation is harmless.
  SEGSCOPE_TRY(auto runtime, runtimeOf(fusion));
  regions::RegionAnalysis analysis = regions::findRegions(fusion, *runtime, *profile);
  auto shared = std::make_shared<const regions::RegionAnalysis>(std::move(analysis));
  std::lock_guard<std::mutex> lock(analyses_->mutex);
  return analyses_->regions.emplace(&fusion, std::move(shared)).first->second;
}

Result<Session::FinalRegions> Session::finalRegions() const {
  if (!segmentation) return makeError("regions compare with a segmentation, and this session has none");
  SEGSCOPE_TRY(auto analysis, regionsOf(*segmentation->fusion));
  SEGSCOPE_TRY(auto runtime, runtimeOf(*segmentation->fusion));
  FinalRegions out;
  out.comparisons = regions::compareWithSegmentation(*analysis, segmentation->segmentation, *runtime);
  out.analysis = std::move(analysis);
  return out;
}

std::shared_ptr<const Session::StepDiff> Session::diffOf(std::size_t index) const {
  {
    std::lock_guard<std::mutex> lock(diffs_->mutex);
    if (auto it = diffs_->byStep.find(index); it != diffs_->byStep.end()) return it->second;
  }
  auto d =
      std::make_shared<const StepDiff>(trace && index < trace->size() ? trace::diffOf(trace->step(index)) : StepDiff{});
  std::lock_guard<std::mutex> lock(diffs_->mutex);
  return diffs_->byStep.emplace(index, std::move(d)).first->second;
}

}  // namespace segscope::pipeline
