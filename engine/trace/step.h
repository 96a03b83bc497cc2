// One recorded step of the pipeline: what ran, whether it changed anything, before/after.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "trace/snapshot.h"

namespace segscope::trace {

enum class StepKind {
  Load,        // the fusion as the script defined it
  Concretize,  // the reshapes given their run-time sizes (only when the fusion has some)
  Pass,        // one pre-segmentation pass
  FixedPoint,  // a pass list run until nothing changes (a summary step)
  Merge,       // a segmenter merge attempt (issue 4)
  Finalize,    // a finalize stage of the segmenter (issue 4)
  Run,         // execution (issue 7)
};

std::string_view stepKindName(StepKind kind);
bool stepKindFromName(std::string_view name, StepKind& kind);

/// Where in the pipeline a step was recorded: the load, concretize, the pre-segmentation passes, then the
/// segmenter's phases in the order they run (segmenter.cpp). Control flow tests
/// these, never their names; the names ("whole_fusion") are what traces store and shells show.
enum class Phase {
  Unknown,  // a name this build does not know (a trace written by another version)
  Load,
  Concretize,
  PreSegmentation,
  WholeFusion,  // the whole fusion offered to every scheduler first
  InitialGroups,
  MergeCatWithInputPads,
  MergeUpAndDownCast,
  CombineReductions,
  HerrmannMerge,
  FinalMerge,
  ResolveForwardedInputs,  // the first finalize stage
  Finalize,
};

std::string_view phaseName(Phase phase);  // "" for Unknown
Phase phaseFromName(std::string_view name);

/// One scheduler's answer during a merge attempt, in priority order.
struct SchedulerCheck {
  std::string scheduler;
  bool ok = false;
  std::string reason;  // empty when accepted

  bool operator==(const SchedulerCheck&) const = default;
};

/// What a segmenter merge attempt looked at and decided.
struct MergeInfo {
  int round = -1;                        // merge round within the phase (0 when phases have none)
  std::vector<int> groups;               // candidate group ids before the merge
  std::vector<int> exprs;                // expr ids of the candidate union
  std::vector<SchedulerCheck> verdicts;  // every scheduler tried, up to the accepted one
  std::string accepted;                  // scheduler name; empty when the merge was refused
  std::string refusal;                   // why refused before any scheduler was asked (cycle, hint)
  /// A cycle refusal's blockers: the groups between the candidates (a merge would both feed and
  /// read them). The picture draws them apart from the dimmed rest.
  std::vector<int> blockers;
  int result = -1;  // id of the merged group when accepted
  /// Refused attempts this step stands for: only a trace without merge details folds a run of
  /// bare refusals (same phase, round and refusal) into one step, as combine_reductions asks
  /// about every pair of a stack's reductions and a step each made the trace quadratic.
  int repeats = 1;

  bool ok() const { return !accepted.empty(); }
  bool operator==(const MergeInfo&) const = default;
};

/// What a merge attempt's log says of its verdicts: the refusal, if any, then one line per
/// scheduler ("pointwise: accepted", "reduction: <reason>"). Derived, not stored: a 100k-op
/// trace has ~100k attempts of about a dozen verdicts each, and storing every reason twice
/// was a tenth of the GUI's memory.
std::vector<std::string> verdictLines(const MergeInfo& merge);

struct Step {
  int index = -1;  // position in the trace, set by the Trace
  StepKind kind = StepKind::Pass;
  std::string name;  // pass name ("consecutive_cast"), "load", ...
  Phase phase = Phase::Unknown;
  bool modified = false;
  bool skipped = false;  // the pass is disabled; nothing ran
  SnapshotPtr before;
  SnapshotPtr after;  // the same pointer as `before` when nothing changed
  int exprsBefore = 0;
  int exprsAfter = 0;
  double milliseconds = 0;
  /// What the step did, in the pass's own words; for a merge step only what verdictLines()
  /// does not already say. Readers want logLines().
  std::vector<std::string> log;
  /// Set when the fusion failed verify() after this step: a bug in the pass, which the shells
  /// report as a failure (the same text also ends the log, for the reader of the trace).
  std::string verifyError;
  std::optional<MergeInfo> merge;  // Merge steps (and whole-fusion tries)

  /// A merge attempt, as every count and label means it: a merge step after the whole-fusion
  /// try (which asks whether one kernel takes it all, and merges nothing).
  bool isMergeAttempt() const { return merge && phase != Phase::WholeFusion; }

  /// Steps that changed nothing; the UI can hide them. A merge step sets `modified` exactly
  /// when the merge was accepted, so a refused attempt counts as changing nothing.
  bool changedNothing() const { return !modified; }
  /// The whole log: a merge step's verdict lines, then `log`.
  std::vector<std::string> logLines() const;
};

}  // namespace segscope::trace
