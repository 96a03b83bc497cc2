// "Why are these two not in the same segment?": every merge attempt whose union held both sides
// (an op, or a whole segment), with the verdicts that refused it, read from a session's trace
// (the CLI's `why` and the window's Why apart panel).
#pragma once

#include <string>
#include <vector>

#include "pipeline/session.h"
#include "trace/step.h"

namespace segscope::pipeline {

struct ApartAttempt {
  int step = -1;
  trace::Phase phase = trace::Phase::Unknown;
  int round = -1;
  std::vector<int> groups;  // the candidate groups
  bool accepted = false;    // the attempt joined them (a later split cannot happen, so only
                            // the last attempt can be accepted when they end together)
  std::string acceptedBy;
  std::string refusal;                          // refused before any scheduler was asked
  std::vector<trace::SchedulerCheck> verdicts;  // every scheduler's answer, in priority order
  std::string deciding;                         // the deciding refusal (deciding_refusal.h); empty if accepted
};

struct WhyApart {
  std::string a, b;                  // the sides as resolved: "T12 = add", "segment 3 at step 40 (pointwise, 12 ops)"
  int exprA = -1, exprB = -1;        // the op of a side that is an op; -1 for a segment
  int segmentA = -1, segmentB = -1;  // where each side ends (the last step's groups; -1: in none)
  std::string schedulerA, schedulerB;
  bool together = false;
  std::vector<ApartAttempt> attempts;  // every merge attempt whose union held both, in order
  /// Read from the final segmentation, not from the attempts: ops on a data path between the
  /// two sides that sit in a third segment (the two cannot merge without them: a cycle).
  std::vector<int> separatorExprs;
  std::vector<std::string> separators;  // "T68 = linear (segment 2)"
  /// Every op on a data path between the two sides (either way), separators included, the
  /// sides' own ops not: what the window highlights. By expr id, ascending.
  std::vector<int> pathExprs;
  /// The final segments those ops are in, and those of the separators (the collapsed view marks
  /// segment nodes), ascending.
  std::vector<int> pathSegments, separatorSegments;
  /// Whether an attempt other than the whole-fusion try held both.
  bool triedTogether = false;
  /// A side placed by finalize, not by a merge: the host scalar segment (scalar math the host
  /// computes once). Empty when neither is.
  std::string placedAtFinalize;
  std::string answer;  // the answer in words, first line of the text
};

/// One side of the question: an op (by expr id), or group `group` of the partition that trace step
/// `step` shows (what the window's segment nodes and clusters are). A merge attempt involves a
/// segment when its union holds any of the segment's ops.
struct ApartSide {
  int expr = -1;
  int step = -1;
  int group = -1;
  static ApartSide op(int exprId) { return {exprId, -1, -1}; }
  static ApartSide segment(int stepIndex, int groupId) { return {-1, stepIndex, groupId}; }
};

/// `a`/`b` name an op by the value it defines ("T12", "S3"), or a segment of the final
/// segmentation as `seg:N` (what `segment` prints). Errors name what could not be resolved (an
/// unknown name, a fusion input, no such segment) or a session without merge steps.
Result<WhyApart> whyApart(const Session& session, const std::string& a, const std::string& b);
/// The same for two ops given by expr id (as the window's nodes carry them).
Result<WhyApart> whyApart(const Session& session, int exprA, int exprB);
/// The same for any two sides: op and op, op and segment, segment and segment.
Result<WhyApart> whyApart(const Session& session, const ApartSide& a, const ApartSide& b);

/// The answer as text: the answer in words, then one attempt a line: what a user reads in the CLI.
std::string whyApartText(const WhyApart& answer);

}  // namespace segscope::pipeline
