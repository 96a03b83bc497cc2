// The deciding refusal of a merge attempt: the one answer that says why the union was refused.
#pragma once

#include <optional>
#include <string>

#include "trace/step.h"

namespace segscope::pipeline {

/// Why a refused union was refused, in one line. Defined once and used by the merge log, the
/// timeline, "why apart" and compare-log:
///  1. a refusal before any scheduler was asked (a cycle, a segment_set) is the reason;
///  2. else the refusal of the first scheduler, in nvFuser's priority order, whose kind of
///     segment the union is: skipping the schedulers that refuse because the union is not their
///     kind at all (expr_eval's "a single op", no_op's "computes something", matmul without a
///     matmul, a reduction scheduler without a reduction, pointwise/transpose/resize with one,
///     no slice/pad/cat, nothing to transpose, no persistent buffer, the other reduction
///     type). That scheduler would otherwise have taken the union, and its reason is the most
///     specific gate that failed;
///  3. when every scheduler refused for not being the union's kind, the last refusal (the most
///     general scheduler, asked last).
/// Nullopt for an accepted merge.
struct DecidingRefusal {
  std::string scheduler;  // empty for a refusal before any scheduler
  std::string reason;
  std::string text() const { return scheduler.empty() ? reason : scheduler + ": " + reason; }
};
std::optional<DecidingRefusal> decidingRefusal(const trace::MergeInfo& merge);

/// Whether a rejection says only that the union is not this scheduler's kind of segment.
bool refusesForKind(const std::string& reason);

}  // namespace segscope::pipeline
