// Dense numbering of a segment's values, and reachability over it in 64-value chunks.
#pragma once

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "scheduler/segment_view.h"
#include "support/flat_hash_map.h"

namespace segscope::scheduler::analysis {

/// The values of a segment (its inputs, then each expr's outputs in the segment's topological
/// order) numbered 0..size()-1, so that a producer always has a smaller number than its
/// consumers. Reachability questions asked for many values at once ("which of these buffers is
/// this value computed from?") are then one sweep over the numbers with a 64-bit word per
/// value, instead of one walk (and one hash set) per question: that made the persistent-buffer
/// analysis quadratic in the length of a norm stack or a deep chain.
class ValueIndex {
 public:
  explicit ValueIndex(const SegmentView& view);

  static constexpr int kNone = -1;
  std::size_t size() const { return vals_.size(); }
  int indexOf(const ir::Val* v) const;  // kNone when the value is not the segment's
  const ir::Val* val(int i) const { return vals_[static_cast<std::size_t>(i)]; }
  /// Numbers of the inputs of `i`'s defining expr (inside the segment), in operand order.
  std::span<const int> producers(int i) const {
    const auto at = static_cast<std::size_t>(i);
    return {producerIds_.data() + producerStart_[at], producerStart_[at + 1] - producerStart_[at]};
  }
  const ir::Expr* definition(int i) const { return definitions_[static_cast<std::size_t>(i)]; }
  /// The largest number of a value computed from `i` directly; kNone when nothing reads it. A
  /// sweep whose bits have died out on every value still read ahead can stop there.
  int lastConsumer(int i) const { return lastConsumer_[static_cast<std::size_t>(i)]; }

  using Words = std::vector<std::uint64_t>;
  /// Bit b of result[v]: seed(v) has bit b, or a producer of v has it (v is computed from a
  /// value seeded with b, v included).
  template <typename Seed>
  Words forward(Seed&& seed) const {
    return forwardIn(0, static_cast<int>(vals_.size()), std::forward<Seed>(seed));
  }
  /// Bit b of result[v]: seed(v) has bit b, or a consumer of v has it (a value seeded with b
  /// is computed from v, v included).
  template <typename Seed>
  Words backward(Seed&& seed) const {
    return backwardIn(0, static_cast<int>(vals_.size()), std::forward<Seed>(seed));
  }
  /// forward() over the values numbered [lo, hi) alone, result[v - lo] for value v: exact
  /// when no value below lo is seeded. Questions whose seeds and answers lie close together
  /// in the numbering then cost the width of their window, not the segment's size.
  template <typename Seed>
  Words forwardIn(int lo, int hi, Seed&& seed) const {
    Words w(static_cast<std::size_t>(hi - lo), 0);
    for (int i = lo; i < hi; ++i) {
      std::uint64_t bits = seed(i);
      for (const int p : producers(i))
        if (p >= lo) bits |= w[static_cast<std::size_t>(p - lo)];
      w[static_cast<std::size_t>(i - lo)] = bits;
    }
    return w;
  }
  /// backward() over the values numbered [lo, hi) alone: exact when no value from hi on is
  /// seeded.
  template <typename Seed>
  Words backwardIn(int lo, int hi, Seed&& seed) const {
    Words w(static_cast<std::size_t>(hi - lo), 0);
    for (int i = hi; i-- > lo;) {
      const std::uint64_t bits = w[static_cast<std::size_t>(i - lo)] |= seed(i);
      if (!bits) continue;
      for (const int p : producers(i))
        if (p >= lo) w[static_cast<std::size_t>(p - lo)] |= bits;
    }
    return w;
  }

 private:
  std::vector<const ir::Val*> vals_;
  // Producers of value i: producerIds_[producerStart_[i] .. producerStart_[i + 1]), one array
  // for all values (a vector per value was most of the allocations of a small question).
  std::vector<int> producerIds_;
  std::vector<std::size_t> producerStart_;
  std::vector<const ir::Expr*> definitions_;
  std::vector<int> lastConsumer_;
  support::FlatHashMap<const ir::Val*, int> index_;
};

/// The view's ValueIndex, built on first use and kept in its memo: the buffer analyses, the
/// compute-at map and the buffer sizes of one question all number the same values.
const ValueIndex& valueIndexOf(const SegmentView& view);

/// Calls `visit(bit)` for every set bit of `word`, lowest first.
template <typename F>
void forEachBit(std::uint64_t word, F&& visit) {
  while (word) {
    visit(__builtin_ctzll(word));
    word &= word - 1;
  }
}

}  // namespace segscope::scheduler::analysis
