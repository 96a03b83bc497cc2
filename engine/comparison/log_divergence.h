// Where an nvFuser log and the session first disagree: a pass, a merge verdict, a final group.
#pragma once

#include <string>
#include <vector>

#include "nvlog/nvlog.h"
#include "pipeline/session.h"

namespace segscope::comparison {

/// One of nvFuser's `Fusion after pass:` dumps beside our pass of the same name.
struct PassMatch {
  std::string theirs;  // "ConsecutiveCastPass"
  std::string ours;    // "consecutive_cast"; empty when Segscope does not model the pass
  int line = 0;
  int step = -1;               // our trace step; -1 when not modeled
  bool theirsKnown = false;    // the log printed the fusion before it, so a change can be seen
  bool theirsChanged = false;  // its printout differs from the one before
  bool oursChanged = false;
  int theirExprsBefore = 0, theirExprsAfter = 0;
  bool agree() const;
};

/// One scheduler's answer to a candidate, either side.
struct SchedulerAnswer {
  std::string scheduler;
  bool ok = false;
  std::string reason;
  std::string reasonClass;  // classifyReason(reason).id; empty when accepted
};

/// One `**Segmenter** Considering fusion:` block beside the merge attempt of ours over the same
/// values (joined through the log's TensorViews).
struct CandidateMatch {
  int line = 0;
  int step = -1;                 // our trace step; -1 when Segscope never asked about these values
  std::vector<std::string> ops;  // ours, as the script names them
  std::string theirVerdict;      // the accepted scheduler, "refused", or "segment_set" (no verdict)
  std::string ourVerdict;        // the accepted scheduler or "refused"; empty when step < 0
  std::string ourRefusal;        // why ours refused before asking any scheduler (cycle, hint)
  std::string ourDeciding;       // our deciding refusal (deciding_refusal.h); empty when accepted
  std::vector<SchedulerAnswer> theirs, ours;
  std::string firstDifferentScheduler;  // the first scheduler whose answers differ
  bool agree() const { return step >= 0 && theirVerdict == ourVerdict; }
};

/// One of nvFuser's final groups and the segments of ours holding the same values.
struct GroupMatch {
  int index = 0;  // in the log's order
  int id = -1;    // `group id:`; -1 when not printed
  int line = 0;
  std::string scheduler;
  std::vector<int> ourSegments;  // ids, in order
  std::vector<std::string> ops;  // ours, as the script names them
  std::vector<int> exprs;        // ours (ids in the segmented fusion) that compute its values
  bool same = false;             // one segment of ours, with the same values and scheduler
  /// Ops of the group, or of the one segment it lines up with, whose values are not joined to
  /// the other side: a group is `same` only when there are none; with some and nothing else
  /// different it is `undecided` (neither the same nor a difference).
  int unjoinedOps = 0;
  bool undecided = false;
};

struct Divergence {
  int joined = 0, unjoined = 0;  // nvFuser's TensorViews joined to ours, and not
  std::vector<PassMatch> passes;
  int firstPass = -1;  // index into passes
  std::vector<CandidateMatch> candidates;
  int firstCandidate = -1;  // the first candidate both asked about with different verdicts
  int firstUnmatched = -1;  // the first candidate Segscope never asked about
  std::vector<GroupMatch> groups;
  int differingGroups = 0;
  /// "pass ConsecutiveCastPass (line 40): ...", the earliest of the above; empty when none.
  std::string headline;
  int headlineLine = 0;  // the log line it points at
};

/// A candidate's verdict as a phrase: "accepted it as pointwise", "refused it", "refused it
/// (segment_set)", "skipped it (segment hints)".
std::string verdictPhrase(const std::string& verdict);

/// Lines up runtime `rt` of a log with `session`'s trace and final segmentation.
Divergence findDivergence(const pipeline::Session& session, const nvlog::Runtime& rt);

}  // namespace segscope::comparison
