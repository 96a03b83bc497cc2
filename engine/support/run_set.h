// A set of ints kept as sorted runs [lo, hi): the reduction facts of a segment ("which
// reductions is this computed from", "which reductions read this") are prefixes or suffixes
// of the topological order in chains and stacks, so a few runs hold what a bit row per value
// held in (values x reductions / 64) words, quadratic in the length of the segment.
#pragma once

#include <algorithm>
#include <cstddef>

#include "support/small_vector.h"

namespace segscope::support {

class RunSet {
 public:
  struct Run {
    int lo, hi;  // [lo, hi), never empty, never touching the next run
    friend bool operator==(const Run& a, const Run& b) { return a.lo == b.lo && a.hi == b.hi; }
  };

  RunSet() = default;
  static RunSet of(int value) {
    RunSet s;
    s.runs_.push_back({value, value + 1});
    return s;
  }

  bool empty() const { return runs_.empty(); }
  std::size_t runCount() const { return runs_.size(); }
  const Run* begin() const { return runs_.begin(); }
  const Run* end() const { return runs_.end(); }

  bool contains(int value) const {
    const Run* it = std::upper_bound(begin(), end(), value, [](int v, const Run& r) { return v < r.hi; });
    return it != end() && it->lo <= value;
  }

  /// this |= other, one merge of the two run lists.
  void unite(const RunSet& other) {
    if (other.empty()) return;
    if (empty()) {
      runs_ = other.runs_;
      return;
    }
    if (runs_[runs_.size() - 1].hi < other.runs_[0].lo) {  // appending after: the common case of a sweep
      for (const Run& r : other) runs_.push_back(r);
      return;
    }
    Runs merged;
    const Run *a = begin(), *b = other.begin();
    while (a != end() || b != other.end()) {
      const Run next = (b == other.end() || (a != end() && a->lo <= b->lo)) ? *a++ : *b++;
      if (!merged.empty() && merged[merged.size() - 1].hi >= next.lo)
        merged[merged.size() - 1].hi = std::max(merged[merged.size() - 1].hi, next.hi);
      else
        merged.push_back(next);
    }
    runs_ = merged;
  }

  bool intersects(const RunSet& other) const {
    const Run *a = begin(), *b = other.begin();
    while (a != end() && b != other.end()) {
      if (a->hi <= b->lo)
        ++a;
      else if (b->hi <= a->lo)
        ++b;
      else
        return true;
    }
    return false;
  }

  /// The members of this set that `other` lacks.
  RunSet minus(const RunSet& other) const {
    RunSet out;
    const Run* b = other.begin();
    for (Run r : runs_) {
      while (b != other.end() && b->hi <= r.lo) ++b;
      for (const Run* c = b; c != other.end() && c->lo < r.hi; ++c) {
        if (c->lo > r.lo) out.runs_.push_back({r.lo, c->lo});
        r.lo = std::max(r.lo, c->hi);
        if (r.lo >= r.hi) break;
      }
      if (r.lo < r.hi) out.runs_.push_back(r);
    }
    return out;
  }

  friend bool operator==(const RunSet& a, const RunSet& b) { return a.runs_ == b.runs_; }

 private:
  using Runs = SmallVector<Run, 2>;
  Runs runs_;
};

}  // namespace segscope::support
