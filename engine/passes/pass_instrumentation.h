// Hooks around every pass run (after MLIR's PassInstrumentation): what happens around a pass
// (timing it, verifying the IR it left, snapshotting the fusion for the trace) is a list of
// these, and a caller adds its own (a counter in a test, an IR printer) without touching the
// runner.
#pragma once

#include <memory>
#include <vector>

#include "ir/fusion.h"
#include "trace/step.h"

namespace segscope::passes {

class Pass;

/// One run of one pass, as the hooks see it. `step` is the Step the runner will record: hooks
/// fill in what they measure (milliseconds, verifyError, before/after snapshots).
struct PassRun {
  const Pass& pass;
  ir::Fusion& fusion;
  trace::Step& step;
  bool modified = false;  // set before the after-hooks run
};

class PassInstrumentation {
 public:
  virtual ~PassInstrumentation() = default;
  /// Before an enabled pass runs.
  virtual void beforePass(PassRun& run) { (void)run; }
  /// After it ran; `run.modified` says whether it changed the fusion. After-hooks run in the
  /// reverse order of the before-hooks, so a hook's before and after bracket all later hooks.
  virtual void afterPass(PassRun& run) { (void)run; }
};

using PassInstrumentations = std::vector<std::shared_ptr<PassInstrumentation>>;

/// Step::milliseconds: the pass's own time, bracketing only the pass (it is registered last,
/// innermost).
std::shared_ptr<PassInstrumentation> passTiming();

/// Step::verifyError when a pass that changed the fusion left it invalid. A pass that broke
/// the IR is a bug in the pass: the trace says so (and the log line), rather than abort.
std::shared_ptr<PassInstrumentation> passVerifier();

}  // namespace segscope::passes
