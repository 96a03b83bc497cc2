// PassRunner: timing, snapshots, verification and Step recording around each pass.
#include "passes/pass.h"

#include <chrono>

#include "trace/snapshot.h"

namespace segscope::passes {

PassRunner::PassRunner(ir::Fusion& fusion, trace::Recorder* recorder, PassSelection selection, trace::Phase phase)
    : fusion_(fusion), recorder_(recorder), selection_(std::move(selection)), phase_(phase) {}

trace::SnapshotPtr PassRunner::snapshotNow() const {
  return recorder_ && recorder_->keepsSnapshots() ? trace::snapshotOf(fusion_) : nullptr;
}

bool PassRunner::run(const Pass& pass) {
  if (!current_) current_ = snapshotNow();
  trace::Step step;
  step.kind = trace::StepKind::Pass;
  step.name = std::string(pass.name());
  step.phase = phase_;
  step.before = current_;
  step.exprsBefore = static_cast<int>(fusion_.exprCount());
  if (!selection_.isEnabled(pass)) {
    step.skipped = true;
    step.after = current_;
    step.exprsAfter = step.exprsBefore;
    step.log.push_back("disabled");
    if (recorder_) recorder_->record(std::move(step));
    return false;
  }
  PassLog log;
  const auto start = std::chrono::steady_clock::now();
  const bool modified = pass.run(fusion_, log);
  step.milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  step.modified = modified;
  step.exprsAfter = static_cast<int>(fusion_.exprCount());
  step.log = log.lines();
  // A pass that breaks the IR is a bug in the pass; say so in the trace rather than abort.
  // A pass that changed nothing cannot have broken it (and verify walks the whole fusion).
  if (const Status verified = modified ? fusion_.verify() : Status{}; !verified) {
    step.verifyError = verified.error().message;
    step.log.push_back("verify failed after " + step.name + ": " + step.verifyError);
  }
  if (recorder_) {
    if (modified) current_ = snapshotNow();
    step.after = current_;
    recorder_->record(std::move(step));
  }
  return modified;
}

bool PassRunner::runToFixedPoint(const std::vector<const Pass*>& passes, int maxSweeps) {
  hitCap_ = false;
  bool anyChange = false;
  int sweeps = 0;
  int passRuns = 0;
  std::size_t next = 0;
  bool changedThisSweep = false;
  const trace::SnapshotPtr startSnapshot = current_ ? current_ : snapshotNow();
  if (!current_) current_ = startSnapshot;
  const int exprsBefore = static_cast<int>(fusion_.exprCount());
  while (!passes.empty()) {
    if (next == 0) {
      if (sweeps == maxSweeps) {
        hitCap_ = true;
        break;
      }
      ++sweeps;
      changedThisSweep = false;
    }
    const bool changed = run(*passes[next]);
    ++passRuns;
    anyChange = anyChange || changed;
    changedThisSweep = changedThisSweep || changed;
    // Restart from the first pass whenever one changes the fusion.
    next = changed ? 0 : next + 1;
    if (next == passes.size()) {
      if (!changedThisSweep) break;
      next = 0;
    }
  }
  if (recorder_) {
    trace::Step summary;
    summary.kind = trace::StepKind::FixedPoint;
    summary.name = "fixed_point";
    summary.phase = phase_;
    summary.modified = anyChange;
    summary.before = startSnapshot;
    summary.after = current_;
    summary.exprsBefore = exprsBefore;
    summary.exprsAfter = static_cast<int>(fusion_.exprCount());
    summary.log.push_back(hitCap_
                              ? "stopped at the cap of " + std::to_string(maxSweeps) +
                                    " sweeps before reaching a fixed point (" + std::to_string(passRuns) + " pass runs)"
                              : "reached a fixed point after " + std::to_string(sweeps) + " sweeps (" +
                                    std::to_string(passRuns) + " pass runs)");
    recorder_->record(std::move(summary));
  }
  return anyChange;
}

}  // namespace segscope::passes
