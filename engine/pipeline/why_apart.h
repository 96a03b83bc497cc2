// "Why are these two ops not in the same segment?": every merge attempt whose union held both,
// with the verdicts that refused it, read from a session's trace (the CLI's `why` and the
// window's Why apart panel).
#pragma once

#include <string>
#include <vector>

#include "pipeline/session.h"
#include "trace/step.h"

namespace segscope::pipeline {

struct ApartAttempt {
  int step = -1;
  std::string phase;
  int round = -1;
  std::vector<int> groups;  // the candidate groups
  bool accepted = false;    // the attempt joined them (a later split cannot happen, so only
                            // the last attempt can be accepted when they end together)
  std::string acceptedBy;
  std::string refusal;                          // refused before any scheduler was asked
  std::vector<trace::SchedulerCheck> verdicts;  // every scheduler's answer, in priority order
};

struct WhyApart {
  std::string a, b;  // the ops as resolved: "T12 = add(T3, T4)"
  int exprA = -1, exprB = -1;
  int segmentA = -1, segmentB = -1;  // their segments (the last step's groups; -1: in none)
  std::string schedulerA, schedulerB;
  bool together = false;
  std::vector<ApartAttempt> attempts;  // every merge attempt whose union held both, in order
};

/// `opA`/`opB` name an op by the value it defines ("T12", "S3"). Errors name what could not be
/// resolved (an unknown name, a fusion input) or a session without merge steps.
Result<WhyApart> whyApart(const Session& session, const std::string& opA, const std::string& opB);
/// The same for two ops given by expr id (as the window's nodes carry them).
Result<WhyApart> whyApart(const Session& session, int exprA, int exprB);

/// The answer as text, one attempt a line: what a user reads in the CLI.
std::string whyApartText(const WhyApart& answer);

}  // namespace segscope::pipeline
