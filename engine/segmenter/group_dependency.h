// Transitive producers and consumers of every group, kept current across merges instead of being
// rebuilt (rebuilding after every merge is where naive segmenters go cubic).
#pragma once

#include <cstdint>
#include <vector>

#include "segmenter/segmented_fusion.h"

namespace segscope::segmenter {

class GroupDependencyAnalysis {
 public:
  /// Fails when the group graph is not a DAG.
  static Result<GroupDependencyAnalysis> build(const SegmentedFusion& fusion);

  /// True when `producer` reaches `consumer` through one or more edges.
  bool isProducerOf(const SegmentedGroup* producer, const SegmentedGroup* consumer) const;
  bool isConsumerOf(const SegmentedGroup* consumer, const SegmentedGroup* producer) const {
    return isProducerOf(producer, consumer);
  }
  bool isConsumerOfAny(const SegmentedGroup* group, const std::vector<SegmentedGroup*>& groups) const;
  using Bits = std::vector<std::uint64_t>;
  /// Bit i set when the live group with id i lies on some path from `producer` to
  /// `consumer` (both excluded): groupsBetween as a bitset, for word-parallel filters.
  Bits betweenBits(const SegmentedGroup* producer, const SegmentedGroup* consumer) const;
  /// Groups on some path from `producer` to `consumer`, both excluded.
  std::vector<const SegmentedGroup*> groupsBetween(const SegmentedGroup* producer,
                                                   const SegmentedGroup* consumer) const;
  /// Theorem 4.1 of Herrmann et al.: merging producer P and consumer C keeps the graph
  /// acyclic iff no other consumer of P is a producer of C.
  bool canMergeWithoutCycle(const SegmentedGroup* producer, const SegmentedGroup* consumer) const;

  /// True when no group outside `groups` lies on a path between two of them, so merging
  /// them all into one keeps the graph acyclic (Theorem 4.1 generalised to a set).
  bool isConvex(const std::vector<SegmentedGroup*>& groups) const;

  /// Groups (other than a and b) that reach both a and b and reach no other such group: the
  /// closest branch points above a and b, ascending id. Word-parallel, so asking it of every
  /// pair of reductions stays cheap in deep fusions.
  std::vector<SegmentedGroup*> lowestCommonProducers(const SegmentedGroup* a, const SegmentedGroup* b) const;

  /// Call after SegmentedFusion::mergeGroups(a, b) returned `ab`.
  void mergeGroups(const SegmentedGroup* a, const SegmentedGroup* b, const SegmentedGroup* ab);

 private:
  static bool test(const Bits& bits, int id);
  static void set(Bits& bits, int id);
  static void reset(Bits& bits, int id);
  static void unite(Bits& into, const Bits& from);
  static std::size_t count(const Bits& bits);
  /// x & y, with a's and b's bits cleared.
  static Bits intersectionWithout(const Bits& x, const Bits& y, const SegmentedGroup* a, const SegmentedGroup* b);

  const Bits& producersOf(const SegmentedGroup* g) const;
  const Bits& consumersOf(const SegmentedGroup* g) const;
  /// Calls visit(group) for every live group whose id is set in `bits`, ascending.
  template <typename Visit>
  void forEachLive(const Bits& bits, Visit&& visit) const;
  /// Makes room for g's id and marks g live.
  void track(const SegmentedGroup* g);

  // All three indexed by group id; bit i of a set = the group with id i. Consumer sets make
  // a merge touch only the groups up- and downstream of it, not every group.
  std::vector<Bits> producers_;
  std::vector<Bits> consumers_;
  std::vector<const SegmentedGroup*> byId_;  // live groups by id
};

}  // namespace segscope::segmenter
