// Session's on-demand stage: regions, computed once per fusion and shared across threads.
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

}  // namespace segscope::pipeline
