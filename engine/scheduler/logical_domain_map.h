// nvFuser's ComputeAtLogicalDomainMap: which producer dims can be inlined into their consumers.
#pragma once

#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "scheduler/pairwise_map.h"
#include "scheduler/segment_view.h"
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
  struct Reduction {
    const ir::Expr* expr = nullptr;
    std::unordered_map<int, std::unordered_set<int>> inputKeys;  // per reduced-dim key
    std::unordered_set<const ir::Val*> downstream;               // tensors after its result
  };

  int keyOf(const IdKey& k);
  int find(int k) const;
  void unite(int a, int b);
  bool canMap(int a, int b) const { return a == b || find(a) == find(b); }

  void collectReductions();
  std::unordered_set<const ir::Val*> downstreamOf(const ir::Expr* r) const;
  std::vector<const ir::Expr*> upstreamLatestFirst(const ir::Expr* r);
  void dispatch(const ir::Expr* e);
  void handleTensor(const ir::Val* tv);
  void mapPending(int producerKey);
  bool safeToMap(const std::vector<int>& consumers) const;
  bool isReductionOutputMapped(const std::vector<int>& consumers) const;
  bool isInvalid(const std::vector<int>& consumers) const;
  void gatherClassFacts();
  void seedDownstreamFacts(int key);

  const SegmentView& view_;
  const RuntimeInfo* rt_;
  std::unordered_map<IdKey, int, IdKeyHash> ids_;
  std::vector<IdKey> keys_;
  support::UnionFind classes_;
  std::vector<std::vector<int>> members_;  // of each class root
  std::unordered_map<int, std::vector<int>> pending_;
  std::vector<std::pair<int, int>> invalid_;
  std::vector<Reduction> reductions_;
  std::unordered_map<const ir::Expr*, std::vector<int>> rootKeys_;  // reshape -> its root keys
  // What isReductionOutputMapped asks of a class, kept per class root and merged on unite
  // (small into large), so a decision never walks a class's members: the reduced-dim entries
  // (indices into entryReduction_) some member is an input of, and the reductions whose
  // downstream holds a member's tensor. Walking the members made a norm stack cubic.
  struct ClassFacts {
    std::unordered_set<int> inputOf;
    std::unordered_set<int> downstreamOf;
  };
  std::vector<ClassFacts> facts_;    // by key; meaningful at class roots
  std::vector<int> entryReduction_;  // entry -> index into reductions_
  std::unordered_map<const ir::Val*, std::vector<int>> reductionsDownstreamOf_;
  bool factsReady_ = false;
  std::unordered_map<const ir::Expr*, std::size_t> position_;  // in view_.exprs
};

}  // namespace segscope::scheduler::analysis
