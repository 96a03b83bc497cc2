// Transitive producers and consumers of every group, kept current across merges instead of being
// rebuilt (rebuilding after every merge is where naive segmenters go cubic).
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "segmenter/segmented_fusion.h"

namespace segscope::segmenter {

class GroupDependencyAnalysis {
 public:
  using Bits = std::vector<std::uint64_t>;
  /// A row of slot bits stored from its first non-zero word on: in topological slot order a
  /// group's consumers all have later slots, so a dense row would begin with a zero word per
  /// 64 earlier groups (a third of the analysis's memory at 30k groups).
  class Row {
   public:
    std::size_t base() const { return base_; }                 // every word before it is zero
    std::size_t end() const { return base_ + words_.size(); }  // every word from it on is zero
    bool empty() const { return words_.empty(); }
    std::uint64_t word(std::size_t w) const { return w >= base_ && w < end() ? words_[w - base_] : 0; }
    bool test(int slot) const;
    void set(int slot);
    void unite(const Row& other);
    void shrink() { words_.shrink_to_fit(); }
    /// The row of `words`' bits (words[w] for word w), trimmed of zero words at either end.
    static Row of(const Bits& words);

   private:
    void cover(std::size_t lo, std::size_t hi);  // makes [lo, hi) addressable
    std::size_t base_ = 0;
    Bits words_;
  };

  /// Fails when the group graph is not a DAG.
  static Result<GroupDependencyAnalysis> build(const SegmentedFusion& fusion);

  /// True when `producer` reaches `consumer` through one or more edges.
  bool isProducerOf(const SegmentedGroup* producer, const SegmentedGroup* consumer) const;
  bool isConsumerOf(const SegmentedGroup* consumer, const SegmentedGroup* producer) const {
    return isProducerOf(producer, consumer);
  }
  /// isProducerOf(producer, consumer) read from the producer's row of consumers instead of the
  /// consumer's row of producers: a loop over many consumers of one producer stays in one row.
  bool reaches(const SegmentedGroup* producer, const SegmentedGroup* consumer) const;
  bool isConsumerOfAny(const SegmentedGroup* group, const std::vector<SegmentedGroup*>& groups) const;
  /// Bit slotOf(g) set when the live group g lies on some path from `producer` to `consumer`
  /// (both excluded): groupsBetween as a bitset, for word-parallel filters.
  Bits betweenSlots(const SegmentedGroup* producer, const SegmentedGroup* consumer) const;
  /// True when some live group on a path from `producer` to `consumer` (both excluded) has its
  /// bit set in `mask(w)`, the mask's w-th word: a filtered betweenSlots that builds nothing
  /// and stops at the first hit. The scan starts at the producer's word and wraps around:
  /// slots start in topological order and a merge keeps a part's slot, so the groups right
  /// below the producer sit there and a blocked pair is told after a few words.
  template <typename MaskWord>
  bool anyBetween(const SegmentedGroup* producer, const SegmentedGroup* consumer, MaskWord&& mask) const;
  /// Calls visit(g) for every live group g on a path from `producer` to `consumer` (both
  /// excluded) whose bit is set in `mask(w)`, in slot order: anyBetween for the few groups that
  /// carry some mark, without listing the many that do not.
  template <typename MaskWord, typename Visit>
  void forEachBetween(const SegmentedGroup* producer, const SegmentedGroup* consumer, MaskWord&& mask,
                      Visit&& visit) const;
  /// The bit that stands for g in betweenSlots: a merged group takes over one of its parts'
  /// slots, so a slot names different groups over time; -1 when g is not (or no longer) live.
  int slotOf(const SegmentedGroup* g) const;
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
  static std::size_t count(const Bits& bits);
  /// x & y & live, with a's and b's bits cleared, as dense words.
  Bits intersectionWithout(const Row& x, const Row& y, const SegmentedGroup* a, const SegmentedGroup* b) const;

  const Row& producersOf(const SegmentedGroup* g) const;
  const Row& consumersOf(const SegmentedGroup* g) const;
  /// Calls visit(group) for every live group whose slot is set in `bits`, in slot order.
  template <typename Visit>
  void forEachLive(const Bits& bits, Visit&& visit) const;
  /// Gives g a fresh slot and marks it live.
  void track(const SegmentedGroup* g);

  // Rows and bits are by slot, not by group id: a merged group takes over one of its parts'
  // slots, so that every group reaching that part already holds the right bit and only the
  // groups reaching exactly one of the two parts are touched. The other part's slot dies; its
  // bits may stay set in other rows and are masked by live_ wherever a row is read as a set.
  //
  // Questions about the groups between a producer and a consumer read the producer's
  // consumers from their row's base on: in topological slot order those are the words
  // between the two, where reading the rows whole made each question cost the fusion's size.
  std::vector<Row> producers_;
  std::vector<Row> consumers_;
  std::vector<const SegmentedGroup*> bySlot_;  // null: a dead slot
  std::vector<int> slotOf_;                    // by group id, -1: none
  Bits live_;
};

template <typename MaskWord>
bool GroupDependencyAnalysis::anyBetween(const SegmentedGroup* producer, const SegmentedGroup* consumer,
                                         MaskWord&& mask) const {
  const Row& up = producersOf(consumer);
  const Row& down = consumersOf(producer);
  const std::size_t words = std::min({up.end(), down.end(), live_.size()});
  const int ps = slotOf(producer), cs = slotOf(consumer);
  const std::size_t lo = std::max(up.base(), down.base());
  if (lo >= words) return false;
  const auto ends = [](int slot, std::size_t w) {  // the bit of an end's slot in word w, if any
    return slot >= 0 && static_cast<std::size_t>(slot) / 64 == w ? std::uint64_t{1} << (slot % 64) : 0;
  };
  const std::size_t span = words - lo;
  const std::size_t start = ps >= 0 ? std::clamp(static_cast<std::size_t>(ps) / 64, lo, words - 1) - lo : 0;
  for (std::size_t k = 0; k < span; ++k) {
    const std::size_t w = lo + (start + k) % span;
    const std::uint64_t between = up.word(w) & down.word(w) & live_[w] & ~(ends(ps, w) | ends(cs, w));
    if (between & mask(w)) return true;
  }
  return false;
}

template <typename MaskWord, typename Visit>
void GroupDependencyAnalysis::forEachBetween(const SegmentedGroup* producer, const SegmentedGroup* consumer,
                                             MaskWord&& mask, Visit&& visit) const {
  const Row& up = producersOf(consumer);
  const Row& down = consumersOf(producer);
  const std::size_t words = std::min({up.end(), down.end(), live_.size()});
  const int ps = slotOf(producer), cs = slotOf(consumer);
  for (std::size_t w = std::max(up.base(), down.base()); w < words; ++w) {
    std::uint64_t bits = up.word(w) & down.word(w) & live_[w] & mask(w);
    for (const int end : {ps, cs})
      if (end >= 0 && static_cast<std::size_t>(end) / 64 == w) bits &= ~(std::uint64_t{1} << (end % 64));
    for (; bits != 0; bits &= bits - 1) visit(bySlot_[w * 64 + static_cast<std::size_t>(std::countr_zero(bits))]);
  }
}

}  // namespace segscope::segmenter
