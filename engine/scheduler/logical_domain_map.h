// nvFuser's ComputeAtLogicalDomainMap: which producer dims can be inlined into their consumers.
#pragma once

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "scheduler/pairwise_map.h"
#include "scheduler/segment_view.h"
#include "scheduler/value_index.h"
#include "support/flat_hash_map.h"
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
  std::uint64_t* inputOf(int key) { return &inputOf_[static_cast<std::size_t>(key) * words_]; }
  std::uint64_t* downstreamOf(int key) { return &downstreamOf_[static_cast<std::size_t>(key) * words_]; }
  const std::uint64_t* inputOf(int key) const { return &inputOf_[static_cast<std::size_t>(key) * words_]; }
  const std::uint64_t* downstreamOf(int key) const { return &downstreamOf_[static_cast<std::size_t>(key) * words_]; }
  void dispatch(const ir::Expr* e);
  void handleTensor(const ir::Val* tv);
  void mapPending(int producerKey);
  bool safeToMap(const std::vector<int>& consumers) const;
  bool isReductionOutputMapped(const std::vector<int>& consumers) const;
  bool isInvalid(const std::vector<int>& consumers) const;
  const SegmentView& view_;
  const RuntimeInfo* rt_;
  support::FlatHashMap<IdKey, int, IdKeyHash> ids_;
  std::vector<IdKey> keys_;
  support::UnionFind classes_;
  std::vector<std::vector<int>> pending_;  // by producer key: the consumer keys it waits to join
  std::vector<std::pair<int, int>> invalid_;
  // What isReductionOutputMapped asks of a class, kept per class root and merged on unite, so
  // a decision never walks a class's members: one bit per reduced dim ("entry") of the
  // segment's reductions, in two sets. inputOf: some member is an input of the entry's reduced
  // dim (FindInputDomains); downstreamOf: some member's tensor is computed from the entry's
  // reduction. Sets of keys per reduction (nvFuser's shape) made a norm stack or a deep chain
  // quadratic in time and memory (690 MB at 10k ops); bit rows keep both to keys x entries/64
  // words, filled 64 entries at a time by one sweep over the segment.
  std::size_t words_ = 0;  // per key and set
  std::vector<std::uint64_t> inputOf_, downstreamOf_;
  std::vector<std::uint64_t> tensorDownstream_;  // by ValueIndex number, words_ each
  std::unique_ptr<ValueIndex> values_;
  bool factsReady_ = false;
};

}  // namespace segscope::scheduler::analysis
