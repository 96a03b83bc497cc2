// Short, human-readable texts about trace steps, shared by the timeline, merge log and inspector.
#pragma once

#include <QString>

#include "trace/step.h"

namespace segscope::ui {

/// "g9 + g24 → inner_persistent" for merge steps (the group contents and the merge/refuse
/// verb dropped: the ✓/✗ mark says that), the step name otherwise.
QString shortStepLabel(const trace::Step& step);

/// The candidate group ids of a merge step, "9, 24"; empty when the step has none.
QString mergeGroupsText(const trace::MergeInfo& merge);

/// Why a refused merge was refused, in one line: its deciding refusal (pipeline/deciding_refusal.h,
/// the one definition the merge log, the timeline, "why apart" and the CLI share); empty when
/// accepted.
QString refusalSummary(const trace::Step& step);

/// The step's log, one line per entry (the tooltip text of timeline rows).
QString stepLogText(const trace::Step& step);

/// How a host scalar is computed, in infix: "1 - beta1 ^ step" for S18 = sub(1, pow(S1, S2))
/// (names of inputs, values of constants; deeper than `depth` ops the name stands in).
QString scalarExpression(const ir::Val& v, int depth = 4);
/// A scalar value for a table cell: "%.6g" for floats (the full value goes in the tooltip).
QString shortScalarText(const ir::ScalarValue& v);

}  // namespace segscope::ui
