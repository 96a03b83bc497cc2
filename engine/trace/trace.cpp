// Trace bookkeeping, step kind names and snapshot creation.
#include "trace/trace.h"

#include <array>
#include <utility>

namespace segscope::trace {
namespace {

constexpr std::array<std::pair<StepKind, std::string_view>, 7> kKindNames{{
    {StepKind::Load, "load"},
    {StepKind::Concretize, "concretize"},
    {StepKind::Pass, "pass"},
    {StepKind::FixedPoint, "fixed_point"},
    {StepKind::Merge, "merge"},
    {StepKind::Finalize, "finalize"},
    {StepKind::Run, "run"},
}};

constexpr std::array<std::pair<Phase, std::string_view>, 12> kPhaseNames{{
    {Phase::Load, "load"},
    {Phase::Concretize, "concretize"},
    {Phase::PreSegmentation, "pre-segmentation"},
    {Phase::WholeFusion, "whole_fusion"},
    {Phase::InitialGroups, "initial_groups"},
    {Phase::MergeCatWithInputPads, "merge_cat_with_input_pads"},
    {Phase::MergeUpAndDownCast, "merge_up_and_down_cast"},
    {Phase::CombineReductions, "combine_reductions"},
    {Phase::HerrmannMerge, "herrmann_merge"},
    {Phase::FinalMerge, "final_merge"},
    {Phase::ResolveForwardedInputs, "resolve_forwarded_inputs"},
    {Phase::Finalize, "finalize"},
}};

// A refused attempt recorded without details (no candidates, no verdicts) that says the same
// as `last`: the two can be one step standing for both.
bool foldsInto(const Step& step, const Step& last) {
  const auto bare = [](const Step& s) {
    return s.kind == StepKind::Merge && s.merge && !s.modified && s.name.empty() && s.log.empty() &&
           s.merge->groups.empty() && s.merge->verdicts.empty() && !s.merge->ok() && s.before == s.after;
  };
  return bare(step) && bare(last) && step.phase == last.phase && step.before == last.before &&
         step.merge->round == last.merge->round && step.merge->refusal == last.merge->refusal &&
         step.merge->result == last.merge->result;
}

}  // namespace

std::vector<std::string> verdictLines(const MergeInfo& merge) {
  std::vector<std::string> lines;
  lines.reserve(merge.verdicts.size() + 1);
  if (!merge.refusal.empty()) lines.push_back(merge.refusal);
  for (const SchedulerCheck& c : merge.verdicts) lines.push_back(c.scheduler + (c.ok ? ": accepted" : ": " + c.reason));
  return lines;
}

std::vector<std::string> Step::logLines() const {
  if (!merge) return log;
  std::vector<std::string> lines = verdictLines(*merge);
  lines.insert(lines.end(), log.begin(), log.end());
  return lines;
}

std::string_view stepKindName(StepKind kind) {
  for (const auto& [k, name] : kKindNames)
    if (k == kind) return name;
  return "pass";
}

std::string_view phaseName(Phase phase) {
  for (const auto& [p, name] : kPhaseNames)
    if (p == phase) return name;
  return "";
}

Phase phaseFromName(std::string_view name) {
  for (const auto& [p, n] : kPhaseNames)
    if (n == name) return p;
  return Phase::Unknown;
}

bool stepKindFromName(std::string_view name, StepKind& kind) {
  for (const auto& [k, n] : kKindNames)
    if (n == name) {
      kind = k;
      return true;
    }
  return false;
}

SnapshotPtr snapshotOf(const ir::Fusion& fusion) {
  auto snapshot = std::make_shared<Snapshot>();
  snapshot->fusion = std::shared_ptr<const ir::Fusion>(fusion.copy().release());
  return snapshot;
}

void Trace::record(Step step) {
  if (!steps_.empty() && foldsInto(step, steps_.back())) {
    steps_.back().merge->repeats += step.merge->repeats;
    folded_ += static_cast<std::size_t>(step.merge->repeats);
    return;
  }
  if (step.merge) folded_ += static_cast<std::size_t>(step.merge->repeats - 1);  // read back folded
  step.index = static_cast<int>(steps_.size());
  steps_.push_back(std::move(step));
}

std::vector<int> Trace::modifyingSteps() const {
  std::vector<int> out;
  for (const Step& s : steps_)
    if (s.modified) out.push_back(s.index);
  return out;
}

Trace::MergeCounts Trace::mergeCounts() const {
  MergeCounts counts;
  for (const Step& s : steps_)
    if (s.isMergeAttempt()) {
      counts.attempts += s.merge->repeats;
      counts.refused += s.merge->ok() ? 0 : s.merge->repeats;
    }
  return counts;
}

}  // namespace segscope::trace
