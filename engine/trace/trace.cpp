// Trace bookkeeping, step kind names and snapshot creation.
#include "trace/trace.h"

#include <array>
#include <utility>

namespace segscope::trace {
namespace {

constexpr std::array<std::pair<StepKind, std::string_view>, 6> kKindNames{{
    {StepKind::Load, "load"},
    {StepKind::Pass, "pass"},
    {StepKind::FixedPoint, "fixed_point"},
    {StepKind::Merge, "merge"},
    {StepKind::Finalize, "finalize"},
    {StepKind::Run, "run"},
}};

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
  step.index = static_cast<int>(steps_.size());
  steps_.push_back(std::move(step));
}

std::vector<int> Trace::modifyingSteps() const {
  std::vector<int> out;
  for (const Step& s : steps_)
    if (s.modified) out.push_back(s.index);
  return out;
}

}  // namespace segscope::trace
