// What changed between two fusions, by stable id: added, removed and changed exprs and
// values, each change with the reason it counts as one.
#pragma once

#include <string>
#include <vector>

#include "ir/fusion.h"

namespace segscope::trace {

enum class ChangeKind { Added, Removed, Changed };

struct Change {
  ChangeKind kind = ChangeKind::Changed;
  int id = -1;             // the expr or value id
  std::string before;      // text in the old fusion (empty when added)
  std::string after;       // text in the new fusion (empty when removed)
  std::string reason;      // for Changed: "op cast -> set", "dtype f32 -> bf16", ...
};

struct FusionDiff {
  std::vector<Change> exprs;
  std::vector<Change> vals;
  bool outputsChanged = false;  // the output list (or its aliases) differs
  std::vector<std::string> outputNotes;

  bool empty() const { return exprs.empty() && vals.empty() && !outputsChanged; }
  /// "+ T5 = neg(T4)" / "- T3 = cast(...)" / "~ T7 = ... (inputs T3 -> T5)" lines.
  std::string toText() const;
};

FusionDiff diff(const ir::Fusion& before, const ir::Fusion& after);

}  // namespace segscope::trace
