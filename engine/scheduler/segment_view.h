// A group of exprs of one fusion, seen as a segment: its exprs, inputs and outputs.
#pragma once

#include <algorithm>
#include <memory>
#include <unordered_set>
#include <vector>

#include "ir/fusion.h"
#include "support/small_vector.h"

namespace segscope::scheduler {

struct ViewMemo;  // scheduler/view_memo.h

/// What a scheduler check looks at. It never copies the fusion: building one costs
/// O(size of the group), because the segmenter asks about thousands of candidate groups.
struct SegmentView {
  const ir::Fusion* fusion = nullptr;
  std::vector<const ir::Expr*> exprs;   // topological
  std::vector<const ir::Val*> inputs;   // read, not produced inside (constants excluded)
  std::vector<const ir::Val*> outputs;  // produced inside and read outside, or fusion outputs

  /// The whole fusion: its inputs and outputs are the fusion's.
  static SegmentView whole(const ir::Fusion& fusion);
  /// A group of exprs (any order); inputs and outputs are derived from the uses.
  /// `recomputed`: values this group computes for itself that other readers recompute too (a
  /// forwarded input's prologue copied into each consumer), so they are not its outputs.
  static SegmentView of(const ir::Fusion& fusion, std::vector<const ir::Expr*> exprs,
                        const std::unordered_set<const ir::Val*>* recomputed = nullptr);

  bool isSegmentInput(const ir::Val* v) const;
  bool isSegmentOutput(const ir::Val* v) const;
  bool contains(const ir::Expr* e) const { return std::binary_search(members_.begin(), members_.end(), e); }
  /// Uses of `v` inside the segment.
  /// Inline up to four: asked per value by most analyses, and a heap block per answer was
  /// among the largest allocators of a small question.
  using Uses = support::SmallVector<const ir::Expr*, 4>;
  Uses usesInside(const ir::Val* v) const;
  /// The segment's expr that produces `v`, or null when `v` comes from outside.
  const ir::Expr* definitionInside(const ir::Val* v) const;
  /// Answers that several schedulers ask of this view, kept once computed (the persistent
  /// buffer analysis is asked by four schedulers and walks the whole segment). Copies of the
  /// view share it, so a view must not be edited once it has been asked about.
  ViewMemo& memo() const;

 private:
  // Sorted by address: a refused candidate's view is built and thrown away thousands of
  // times, and one sorted array costs far less to build than a hash set of the same exprs.
  std::vector<const ir::Expr*> members_;
  mutable std::shared_ptr<ViewMemo> memo_;
};

}  // namespace segscope::scheduler
