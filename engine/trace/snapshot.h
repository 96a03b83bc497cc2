// Immutable, shared pictures of the fusion at a point of the pipeline; steps point at them.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ir/fusion.h"

namespace segscope::trace {

/// What a partition names Segscope's host scalar segment instead of a scheduler. nvFuser has
/// no such group (it evaluates these scalars while binding kernel arguments), so it is never
/// called expr_eval, which is nvFuser's name for its ATen-evaluated groups, and never counted
/// among the segments.
inline constexpr std::string_view kHostScalarsKind = "host_scalars";

struct PartitionGroup {
  int id = -1;
  /// Scheduler name ("pointwise"), kHostScalarsKind, or "none" before one is known.
  std::string scheduler;
  bool host = false;  // runs on the host (expr_eval segments and the host scalars)

  bool hostScalars() const { return scheduler == kHostScalarsKind; }

  bool operator==(const PartitionGroup&) const = default;
};

/// A partition written out in full: one group id per expr. What builders fill in and what
/// Partition's accessors return.
struct PartitionTable {
  std::vector<int> groupOfExpr;  // indexed by expr id; -1: in no group (scalar exprs, removed ids)
  std::vector<PartitionGroup> groups;

  bool operator==(const PartitionTable&) const = default;
};

/// The segmenter's groups at one moment. Immutable once made. Stored in full, or, for a
/// merge step, as that merge applied to the partition before it (which groups became which
/// new one): a long trace then costs a few ints per merge instead of one int per expr per
/// merge. Every kCheckpointEvery-th merge is stored in full, so reading one back applies at
/// most that many merges. A merge partition builds its table on first use and keeps it.
class Partition {
 public:
  static constexpr int kCheckpointEvery = 1024;

  explicit Partition(PartitionTable table);
  Partition(const Partition&) = delete;
  Partition& operator=(const Partition&) = delete;

  /// `base` after the groups `merged` became the one group `result`: their exprs are its
  /// exprs; they leave the group list and `result` is appended to it.
  static std::shared_ptr<const Partition> afterMerge(std::shared_ptr<const Partition> base, std::vector<int> merged,
                                                     PartitionGroup result);

  /// `base` after the exprs `moved` (expr id, group id) went to those groups and `group` took
  /// the place of the group with its id (or joined the list when there is none): finalize's
  /// prologue copies, which move a few exprs of a large partition at a time.
  static std::shared_ptr<const Partition> afterMove(std::shared_ptr<const Partition> base,
                                                    std::vector<std::pair<int, int>> moved, PartitionGroup group);

  const std::vector<int>& groupOfExpr() const { return table().groupOfExpr; }
  const std::vector<PartitionGroup>& groups() const { return table().groups; }
  /// One group, read without building the table when it is not built yet.
  const PartitionGroup* group(int id) const;
  const PartitionTable& table() const;
  /// The table without keeping it (for writers that visit every partition once).
  PartitionTable expanded() const;
  /// Bytes this partition holds itself: its table when stored in full, else its merge.
  std::size_t storedBytes() const;

  bool operator==(const Partition& other) const { return table() == other.table(); }

  /// The delta form, for writers: null base() when the table is stored. A merge delta has
  /// merged() and result(); a move delta (isMove()) has moved() and result().
  const std::shared_ptr<const Partition>& base() const { return base_; }
  bool isMove() const { return isMove_; }
  const std::vector<int>& merged() const { return merged_; }
  const std::vector<std::pair<int, int>>& moved() const { return moved_; }
  const PartitionGroup& result() const { return result_; }

 private:
  Partition(std::shared_ptr<const Partition> base, std::vector<int> merged, PartitionGroup result);
  bool stored() const { return base_ == nullptr; }
  static std::shared_ptr<const Partition> checkpointed(std::shared_ptr<const Partition> delta);
  /// Applies one delta to `t` on its own (a merge remaps every expr: used only in chains
  /// that mix moves with merges).
  void applyTo(PartitionTable& t) const;

  // A delta on base_: a merge (merged_ -> result_), or a move (moved_, then result_ replaces
  // the group with its id). Null base_: the table is stored.
  std::shared_ptr<const Partition> base_;
  std::vector<int> merged_;
  std::vector<std::pair<int, int>> moved_;
  bool isMove_ = false;
  PartitionGroup result_;
  int mergesSinceStored_ = 0;
  mutable std::once_flag built_;
  mutable std::atomic<bool> tableBuilt_{false};  // table_ holds the expanded table
  mutable PartitionTable table_;
};

/// What a step shows: the fusion as it was and, for segmenter steps, its partition into
/// groups. Never modified after creation, so steps and threads can share it freely; merge
/// steps share one fusion and differ only in the (small) partition.
struct Snapshot {
  std::shared_ptr<const ir::Fusion> fusion;
  std::shared_ptr<const Partition> partition;  // null for pass steps
};

using SnapshotPtr = std::shared_ptr<const Snapshot>;

/// A deep copy of `fusion` (ids kept, so values keep their identity across snapshots).
SnapshotPtr snapshotOf(const ir::Fusion& fusion);

}  // namespace segscope::trace
