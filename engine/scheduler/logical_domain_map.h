// nvFuser's ComputeAtLogicalDomainMap: which producer dims can be inlined into their consumers.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "scheduler/pairwise_map.h"
#include "scheduler/segment_view.h"
#include "scheduler/value_index.h"
#include "support/flat_hash_map.h"
#include "support/run_set.h"
#include "support/small_vector.h"
#include "support/union_find.h"

namespace segscope::scheduler::analysis {

/// csrc/logical_domain_map.cpp ComputeAtLogicalDomainMapBuilder, without mapping through
/// reductions: walking the segment from its outputs back, a producer dim is joined with the
/// consumer dims it becomes unless that would join a dim a reduction reads with a dim
/// computed from the reduction's result (UnmappableReductionDomains::isReductionOutputMapped).
/// Such a producer dim is "unmappable": the producer has to stay whole until the consumer
/// reads it, which is what makes it a persistent buffer. Broadcast dims are left out: they
/// never join two non-broadcast dims here.
class LogicalDomainMap {
 public:
  explicit LogicalDomainMap(const SegmentView& view, const RuntimeInfo* rt = nullptr);

  /// Non-broadcast dims of `producer` that some consumer inside the segment cannot map
  /// (csrc/scheduler/utils.cpp:583-612 persistentBuffers, with getMappableDims); consumers
  /// defined by select, index_select or gather are skipped, as there.
  std::vector<int> unmappableDims(const ir::Val* producer) const;

 private:
  int keyOf(const IdKey& k);
  int find(int k) const;
  void unite(int a, int b);
  bool canMap(int a, int b) const { return a == b || find(a) == find(b); }

  void collectReductionFacts();
  void markReductionInputs(const std::vector<const ir::Expr*>& reductions);
  void markReductionDownstream(const std::vector<const ir::Expr*>& reductions);
  void dispatch(const ir::Expr* e);
  void handleTensor(const ir::Val* tv);
  void mapPending(int producerKey);
  bool safeToMap(std::span<const int> consumers);
  bool isReductionOutputMapped(std::span<const int> consumers) const;
  bool isInvalid(std::span<const int> consumers);
  void refuse(int producer, int consumer);
  const SegmentView& view_;
  const RuntimeInfo* rt_;
  support::FlatHashMap<IdKey, int, IdKeyHash> ids_;
  std::vector<IdKey> keys_;
  support::UnionFind classes_;
  // By producer key: the consumer keys it waits to join, mostly one or two (inline: a vector
  // each was a tenth of a small question's allocations).
  using Consumers = support::SmallVector<int, 2>;
  std::vector<Consumers> pending_;
  // The refused mappings (nvFuser's invalid_key_pairs_), listed at the root of each end's
  // class and moved along on unite, so isInvalid reads only the consumers' classes' lists.
  std::vector<std::vector<std::pair<int, int>>> refusedAt_;  // by key, read at class roots
  // What isReductionOutputMapped asks of a class, kept per class root and merged on unite, so
  // a decision never walks a class's members: the reduced dims ("entries", numbered in the
  // segment's topological order) the class is an input of (FindInputDomains), and those whose
  // reduction some member's tensor is computed from. Sets of keys per reduction (nvFuser's
  // shape) and then a bit row per key were both quadratic in the length of a norm stack or a
  // deep chain (690 MB, then keys x entries / 64 words); in topological numbering both sets
  // are a few runs (a suffix and a prefix, in a chain), so they are kept as runs.
  std::vector<support::RunSet> inputOf_, downstreamOf_;  // by key, read at class roots
  std::vector<support::RunSet> tensorDownstream_;        // by ValueIndex number
  bool hasEntries_ = false;
  const ValueIndex* values_ = nullptr;  // the view's (valueIndexOf)
  bool factsReady_ = false;
};

}  // namespace segscope::scheduler::analysis
