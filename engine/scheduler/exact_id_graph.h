// nvFuser's exact IterDomain sets: dims that are the same loop, not joined through broadcasts.
#pragma once

#include <unordered_map>
#include <vector>

#include "scheduler/pairwise_map.h"
#include "scheduler/segment_view.h"
#include "support/flat_hash_map.h"
#include "support/union_find.h"

namespace segscope::scheduler::analysis {

/// Union-find over the ids of a segment, joined where an op maps a producer dim to a consumer
/// dim of the same kind (broadcast to broadcast, iteration to iteration; a reduced dim to its
/// R domain). With `joinReshapes`, the dims a reshape merges or splits also join its output
/// dims made from them (csrc/scheduler/utils.cpp:2305 disjointLogicalSets, and reachability
/// through the exact graph's merge/split exprs); without, only unchanged dims map (the
/// almost-exact map's strictAreMapped, as isCacheableUnmappableTv asks it).
class ExactIdGraph {
 public:
  ExactIdGraph(const SegmentView& view, const RuntimeInfo* rt, bool joinReshapes);

  bool mapped(const IdKey& a, const IdKey& b) const;
  /// A number naming the set of `k` (its own when never joined).
  int setOf(const IdKey& k) const;

 private:
  int keyOf(const IdKey& k);
  int find(int k) const;
  void unite(const IdKey& a, const IdKey& b);

  support::FlatHashMap<IdKey, int, IdKeyHash> ids_;
  support::UnionFind classes_;
};

}  // namespace segscope::scheduler::analysis
