// Immutable, shared pictures of the fusion at a point of the pipeline; steps point at them.
#pragma once

#include <memory>

#include "ir/fusion.h"

namespace segscope::trace {

/// What a step shows: the fusion as it was (a group partition joins it with the segmenter).
/// Never modified after creation, so steps and threads can share it freely.
struct Snapshot {
  std::shared_ptr<const ir::Fusion> fusion;
};

using SnapshotPtr = std::shared_ptr<const Snapshot>;

/// A deep copy of `fusion` (ids kept, so values keep their identity across snapshots).
SnapshotPtr snapshotOf(const ir::Fusion& fusion);

}  // namespace segscope::trace
