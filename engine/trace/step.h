// One recorded step of the pipeline: what ran, whether it changed anything, before/after.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "trace/snapshot.h"

namespace segscope::trace {

enum class StepKind {
  Load,        // the fusion as the script defined it
  Pass,        // one pre-segmentation pass
  FixedPoint,  // a pass list run until nothing changes (a summary step)
  Merge,       // a segmenter merge attempt (issue 4)
  Finalize,    // a finalize stage of the segmenter (issue 4)
  Run,         // execution (issue 7)
};

std::string_view stepKindName(StepKind kind);
bool stepKindFromName(std::string_view name, StepKind& kind);

struct Step {
  int index = -1;  // position in the trace, set by the Trace
  StepKind kind = StepKind::Pass;
  std::string name;   // pass name ("consecutive_cast"), "load", ...
  std::string phase;  // "pre-segmentation", a fixed-point iteration, a merge round ...
  bool modified = false;
  bool skipped = false;  // the pass is disabled; nothing ran
  SnapshotPtr before;
  SnapshotPtr after;  // the same pointer as `before` when nothing changed
  int exprsBefore = 0;
  int exprsAfter = 0;
  double milliseconds = 0;
  std::vector<std::string> log;  // what the step did, in the pass's own words

  /// Steps that changed nothing; the UI can hide them.
  bool changedNothing() const { return !modified; }
};

}  // namespace segscope::trace
