// PassRunner: the hooks around each pass (snapshots, verification, timing: see
// pass_instrumentation.h) and Step recording.
#include "passes/pass.h"

#include "trace/snapshot.h"

namespace segscope::passes {

// Keeps the snapshot of the fusion as it is now: each step's "before", and its "after" (a new
// snapshot only when the pass changed the fusion). Null when the recorder keeps no snapshots.
class PassRunner::SnapshotKeeper final : public PassInstrumentation {
 public:
  SnapshotKeeper(const ir::Fusion& fusion, const trace::Recorder* recorder)
      : fusion_(fusion), enabled_(recorder && recorder->keepsSnapshots()) {}

  const trace::SnapshotPtr& current() {
    if (!current_) current_ = snapshotNow();
    return current_;
  }
  void startFrom(trace::SnapshotPtr snapshot) { current_ = std::move(snapshot); }

  void beforePass(PassRun& run) override { run.step.before = current(); }
  void afterPass(PassRun& run) override {
    if (run.modified) current_ = snapshotNow();
    run.step.after = current_;
  }

 private:
  trace::SnapshotPtr snapshotNow() const { return enabled_ ? trace::snapshotOf(fusion_) : nullptr; }

  const ir::Fusion& fusion_;
  bool enabled_;
  trace::SnapshotPtr current_;
};

PassRunner::PassRunner(ir::Fusion& fusion, trace::Recorder* recorder, PassSelection selection, trace::Phase phase)
    : fusion_(fusion),
      recorder_(recorder),
      selection_(std::move(selection)),
      phase_(phase),
      snapshots_(std::make_shared<SnapshotKeeper>(fusion, recorder)),
      hooks_{snapshots_, passVerifier(), passTiming()} {}

void PassRunner::startFrom(trace::SnapshotPtr current) { snapshots_->startFrom(std::move(current)); }

void PassRunner::addInstrumentation(std::shared_ptr<PassInstrumentation> hook) {
  hooks_.insert(hooks_.end() - 1, std::move(hook));  // the timer stays innermost
}

bool PassRunner::run(const Pass& pass) {
  trace::Step step;
  step.kind = trace::StepKind::Pass;
  step.name = std::string(pass.name());
  step.phase = phase_;
  step.exprsBefore = static_cast<int>(fusion_.exprCount());
  if (!selection_.isEnabled(pass)) {
    step.skipped = true;
    step.before = step.after = snapshots_->current();
    step.exprsAfter = step.exprsBefore;
    step.log.push_back("disabled");
    if (recorder_) recorder_->record(std::move(step));
    return false;
  }
  PassRun run{pass, fusion_, step};
  for (const auto& hook : hooks_) hook->beforePass(run);
  PassLog log;
  run.modified = pass.run(fusion_, log);
  step.modified = run.modified;
  step.exprsAfter = static_cast<int>(fusion_.exprCount());
  step.log = log.lines();
  for (auto hook = hooks_.rbegin(); hook != hooks_.rend(); ++hook) (*hook)->afterPass(run);
  if (recorder_) recorder_->record(std::move(step));
  return run.modified;
}

bool PassRunner::runToFixedPoint(const std::vector<const Pass*>& passes, int maxSweeps) {
  hitCap_ = false;
  bool anyChange = false;
  int sweeps = 0;
  int passRuns = 0;
  std::size_t next = 0;
  bool changedThisSweep = false;
  const trace::SnapshotPtr startSnapshot = snapshots_->current();
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
    summary.after = snapshots_->current();
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
