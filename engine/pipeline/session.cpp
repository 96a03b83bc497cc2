// Session's on-demand analyses: regions (once per fusion) and step diffs (once per step),
// shared across threads.
#include "pipeline/session.h"

#include "scheduler/runtime_info.h"

namespace segscope::pipeline {

Result<std::shared_ptr<const regions::RegionAnalysis>> Session::regionsOf(const ir::Fusion& fusion) const {
  if (script.inputs.empty() || !profile)
    return makeError("regions need the script's input sizes: open the script rather than a trace whose script is gone");
  {
    std::lock_guard<std::mutex> lock(regions_->mutex);
    if (auto it = regions_->byFusion.find(&fusion); it != regions_->byFusion.end()) return it->second;
  }
  // Computed outside the lock: a 10k-op fusion takes a while, and two threads asking for two
  // different steps should not wait on each other. A rare duplicate computation is harmless.
  SEGSCOPE_TRY(regions::RegionAnalysis analysis, regions::findRegions(fusion, script.inputs, *profile));
  auto shared = std::make_shared<const regions::RegionAnalysis>(std::move(analysis));
  std::lock_guard<std::mutex> lock(regions_->mutex);
  return regions_->byFusion.emplace(&fusion, std::move(shared)).first->second;
}

Result<Session::FinalRegions> Session::finalRegions() const {
  if (!segmentation) return makeError("regions compare with a segmentation, and this session has none");
  SEGSCOPE_TRY(auto analysis, regionsOf(*segmentation->fusion));
  SEGSCOPE_TRY(auto runtime, scheduler::RuntimeInfo::bind(*segmentation->fusion, script.inputs));
  FinalRegions out;
  out.comparisons = regions::compareWithSegmentation(*analysis, segmentation->segmentation, runtime);
  out.analysis = std::move(analysis);
  return out;
}

std::shared_ptr<const Session::StepDiff> Session::diffOf(std::size_t index) const {
  {
    std::lock_guard<std::mutex> lock(diffs_->mutex);
    if (auto it = diffs_->byStep.find(index); it != diffs_->byStep.end()) return it->second;
  }
  auto d = std::make_shared<StepDiff>();
  if (trace && index < trace->size()) {
    const trace::Step& step = trace->step(index);
    if (step.before && step.after) {
      if (step.before->fusion && step.after->fusion) d->fusion = trace::diff(*step.before->fusion, *step.after->fusion);
      if (step.before->partition && step.after->partition)
        d->partition = trace::diff(*step.before->partition, *step.after->partition);
    }
  }
  std::lock_guard<std::mutex> lock(diffs_->mutex);
  return diffs_->byStep.emplace(index, std::move(d)).first->second;
}

}  // namespace segscope::pipeline
