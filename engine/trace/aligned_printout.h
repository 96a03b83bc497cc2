// Two printouts of a fusion side by side, row for row: lines that show the same input, expr
// or output share a row, and a line with no counterpart faces a blank.
#pragma once

#include <string>
#include <vector>

#include "ir/fusion.h"
#include "trace/snapshot.h"

namespace segscope::trace {

enum class RowKind { Same, Added, Removed, Changed };

struct AlignedRow {
  RowKind kind = RowKind::Same;
  std::string key;     // what the row shows ("e12", "v5", "o0", "#body")
  std::string before;  // empty when added
  std::string after;   // empty when removed
};

/// Rows pairing lines by key, in the order of `before` with added lines placed where they
/// appear in `after`. A pair whose texts differ is Changed: a shape or dtype that changed
/// shows in the printed types, so it is marked like an op that changed.
std::vector<AlignedRow> alignPrintouts(const std::vector<ir::Fusion::PrintedLine>& before,
                                       const std::vector<ir::Fusion::PrintedLine>& after);

/// The fusion's printed lines with each expr line prefixed by its group ("g3 │ T5 = neg(T4)"),
/// so the rows of a merge step show which ops changed group.
std::vector<ir::Fusion::PrintedLine> printedWithGroups(const ir::Fusion& fusion, const Partition* partition);

}  // namespace segscope::trace
