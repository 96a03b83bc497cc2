// nvFuser's privatizeOps: an upcast read by several exprs gets one copy per extra reader,
// so segments share the narrow tensor; copies that end up in one segment are folded back.
#pragma once

#include <unordered_map>
#include <vector>

#include "ir/fusion.h"

namespace segscope::segmenter {

struct PrivatizedCast {
  const ir::Expr* original = nullptr;
  const ir::Expr* copy = nullptr;
};

/// Gives every reader but the first of an upcast's output its own copy of the cast.
std::vector<PrivatizedCast> privatizeUpcasts(ir::Fusion& fusion);

/// The privatized casts by original: built once for all segments, since a finalize visits
/// hundreds of segments and each only needs the casts it holds.
struct PrivatizedIndex {
  explicit PrivatizedIndex(const std::vector<PrivatizedCast>& privatized);
  std::unordered_map<const ir::Expr*, std::vector<const PrivatizedCast*>> copiesOf;  // in privatized order
  std::unordered_map<const ir::Expr*, const ir::Expr*> originalOf;                   // of each original and each copy
};

/// Inside one segment, folds copies of the same cast (and the original) into one: readers
/// of a dropped copy read the kept one. Removes the dropped exprs from `segmentExprs` and
/// from the fusion; returns how many were dropped.
int revertPrivatizedCasts(ir::Fusion& fusion, const PrivatizedIndex& privatized,
                          std::vector<const ir::Expr*>& segmentExprs);
int revertPrivatizedCasts(ir::Fusion& fusion, const std::vector<PrivatizedCast>& privatized,
                          std::vector<const ir::Expr*>& segmentExprs);

}  // namespace segscope::segmenter
