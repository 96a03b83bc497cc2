// Immutable, shared pictures of the fusion at a point of the pipeline; steps point at them.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ir/fusion.h"

namespace segscope::trace {

struct PartitionGroup {
  int id = -1;
  std::string scheduler;  // scheduler name ("pointwise"), or "none" before one is known
  bool host = false;      // runs on the host (expr_eval segments)

  bool operator==(const PartitionGroup&) const = default;
};

/// The segmenter's groups at one moment, stored compactly: one group id per expr.
struct Partition {
  std::vector<int> groupOfExpr;  // indexed by expr id; -1: in no group (scalar exprs, removed ids)
  std::vector<PartitionGroup> groups;

  const PartitionGroup* group(int id) const;
  bool operator==(const Partition&) const = default;
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
