// What changed between two fusions, by stable id: added, removed and changed exprs and
// values, each change with the reason it counts as one; and between two partitions of a
// fusion, which exprs changed group and which groups appeared or disappeared.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ir/fusion.h"
#include "trace/snapshot.h"
#include "trace/step.h"

namespace segscope::trace {

enum class ChangeKind { Added, Removed, Changed };

struct Change {
  ChangeKind kind = ChangeKind::Changed;
  int id = -1;         // the expr or value id
  std::string before;  // text in the old fusion (empty when added)
  std::string after;   // text in the new fusion (empty when removed)
  std::string reason;  // for Changed: "op cast -> set", "dtype f32 -> bf16", ...
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

/// An expr whose group companions changed (it joined, left or was merged into another group).
struct RegroupedExpr {
  int expr = -1;
  int groupBefore = -1;  // -1: in no group
  int groupAfter = -1;
};

/// What changed between two partitions of one fusion. Groups are matched by their members,
/// not by id: the segmenter renumbers groups when it merges, and a group that kept its
/// exprs is the same group to a reader whatever its id.
struct PartitionDiff {
  std::vector<RegroupedExpr> regrouped;  // by expr id
  /// Added: a member set that did not exist before (the merged group); Removed: one that no
  /// longer exists; Changed: same members, different scheduler or host flag. `id` is the
  /// group id in the partition the group is in (the later one for Changed).
  std::vector<Change> groups;

  bool empty() const { return regrouped.empty() && groups.empty(); }
  /// "- group 1 pointwise {3, 4}" / "+ group 7 pointwise {3, 4, 5}" / "~ expr 3: group 1 -> 7"
  /// lines; with `fusion`, each regrouped expr also shows its text ("T5 = neg(T4)").
  std::string toText(const ir::Fusion* fusion = nullptr) const;
};

PartitionDiff diff(const Partition& before, const Partition& after);

/// What one step changed in the IR and in the grouping: a side is absent when the step lacks
/// its before or after snapshot of it.
struct StepDiff {
  std::optional<FusionDiff> fusion;        // when the step has both fusion snapshots
  std::optional<PartitionDiff> partition;  // when it has both partitions
};
StepDiff diffOf(const Step& step);

}  // namespace segscope::trace
