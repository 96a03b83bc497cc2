// GroupDependencyAnalysis: transitive producer and consumer bitsets, one row per group slot.
#include "segmenter/group_dependency.h"

#include <algorithm>
#include <bit>

namespace segscope::segmenter {
namespace {

bool byId(const SegmentedGroup* x, const SegmentedGroup* y) { return x->id() < y->id(); }

}  // namespace

bool GroupDependencyAnalysis::test(const Bits& bits, int id) {
  const auto word = static_cast<std::size_t>(id) / 64;
  return word < bits.size() && (bits[word] >> (id % 64)) & 1u;
}

void GroupDependencyAnalysis::set(Bits& bits, int id) {
  const auto word = static_cast<std::size_t>(id) / 64;
  if (bits.size() <= word) bits.resize(word + 1, 0);
  bits[word] |= std::uint64_t{1} << (id % 64);
}

void GroupDependencyAnalysis::reset(Bits& bits, int id) {
  const auto word = static_cast<std::size_t>(id) / 64;
  if (word < bits.size()) bits[word] &= ~(std::uint64_t{1} << (id % 64));
}

bool GroupDependencyAnalysis::Row::test(int slot) const {
  return (word(static_cast<std::size_t>(slot) / 64) >> (slot % 64)) & 1u;
}

void GroupDependencyAnalysis::Row::cover(std::size_t lo, std::size_t hi) {
  if (words_.empty()) {
    base_ = lo;
    words_.assign(hi - lo, 0);
    return;
  }
  if (lo < base_) {
    words_.insert(words_.begin(), base_ - lo, 0);
    base_ = lo;
  }
  if (hi > end()) words_.resize(hi - base_, 0);
}

void GroupDependencyAnalysis::Row::set(int slot) {
  const auto w = static_cast<std::size_t>(slot) / 64;
  cover(w, w + 1);
  words_[w - base_] |= std::uint64_t{1} << (slot % 64);
}

void GroupDependencyAnalysis::Row::unite(const Row& other) {
  if (other.empty()) return;
  cover(other.base_, other.end());
  for (std::size_t i = 0; i < other.words_.size(); ++i) words_[other.base_ - base_ + i] |= other.words_[i];
}

GroupDependencyAnalysis::Row GroupDependencyAnalysis::Row::of(const Bits& words) {
  Row row;
  std::size_t lo = 0, hi = words.size();
  while (lo < hi && words[lo] == 0) ++lo;
  while (hi > lo && words[hi - 1] == 0) --hi;
  if (lo == hi) return row;
  row.base_ = lo;
  row.words_.assign(words.begin() + static_cast<std::ptrdiff_t>(lo), words.begin() + static_cast<std::ptrdiff_t>(hi));
  return row;
}

template <typename Visit>
void GroupDependencyAnalysis::forEachLive(const Bits& bits, Visit&& visit) const {
  const std::size_t words = std::min(bits.size(), live_.size());
  for (std::size_t w = 0; w < words; ++w)
    for (std::uint64_t word = bits[w] & live_[w]; word != 0; word &= word - 1)
      visit(bySlot_[w * 64 + static_cast<std::size_t>(std::countr_zero(word))]);
}

void GroupDependencyAnalysis::track(const SegmentedGroup* g) {
  const auto id = static_cast<std::size_t>(g->id());
  if (slotOf_.size() <= id) slotOf_.resize(id + 1, -1);
  const int slot = static_cast<int>(bySlot_.size());
  slotOf_[id] = slot;
  bySlot_.push_back(g);
  producers_.emplace_back();
  consumers_.emplace_back();
  set(live_, slot);
}

int GroupDependencyAnalysis::slotOf(const SegmentedGroup* g) const {
  const auto id = static_cast<std::size_t>(g->id());
  return id < slotOf_.size() ? slotOf_[id] : -1;
}

Result<GroupDependencyAnalysis> GroupDependencyAnalysis::build(const SegmentedFusion& fusion) {
  auto order = fusion.topologicalOrder();
  if (!order) return makeError("the group graph is not a DAG");
  GroupDependencyAnalysis a;
  // In topological order every producer's set is final when its consumers read it.
  for (const SegmentedGroup* g : order.value()) a.track(g);
  for (const SegmentedGroup* g : order.value()) {
    Row mine;
    for (const SegmentedGroup* p : g->producerGroups()) {
      mine.set(a.slotOf(p));
      mine.unite(a.producersOf(p));  // final: producers come first in topological order
    }
    mine.shrink();  // rows grow by resizes: unshrunk, a sixth of a 100k fusion's rows was slack
    a.producers_[static_cast<std::size_t>(a.slotOf(g))] = std::move(mine);
  }
  // Consumers likewise, in reverse order: a group's set is its direct consumers and theirs
  // (setting one bit per producer of every group instead was quadratic in deep graphs).
  for (auto it = order.value().rbegin(); it != order.value().rend(); ++it) {
    Row mine;
    for (const SegmentedGroup* c : (*it)->consumerGroups()) {
      mine.set(a.slotOf(c));
      mine.unite(a.consumersOf(c));
    }
    mine.shrink();
    a.consumers_[static_cast<std::size_t>(a.slotOf(*it))] = std::move(mine);
  }
  return a;
}

const GroupDependencyAnalysis::Row& GroupDependencyAnalysis::producersOf(const SegmentedGroup* g) const {
  static const Row none;
  const int slot = slotOf(g);
  return slot < 0 ? none : producers_[static_cast<std::size_t>(slot)];
}

const GroupDependencyAnalysis::Row& GroupDependencyAnalysis::consumersOf(const SegmentedGroup* g) const {
  static const Row none;
  const int slot = slotOf(g);
  return slot < 0 ? none : consumers_[static_cast<std::size_t>(slot)];
}

bool GroupDependencyAnalysis::isProducerOf(const SegmentedGroup* producer, const SegmentedGroup* consumer) const {
  const int slot = slotOf(producer);
  return slot >= 0 && producersOf(consumer).test(slot);
}

bool GroupDependencyAnalysis::reaches(const SegmentedGroup* producer, const SegmentedGroup* consumer) const {
  const int slot = slotOf(consumer);
  return slot >= 0 && consumersOf(producer).test(slot);
}

bool GroupDependencyAnalysis::isConsumerOfAny(const SegmentedGroup* group,
                                              const std::vector<SegmentedGroup*>& groups) const {
  for (const SegmentedGroup* g : groups)
    if (isConsumerOf(group, g)) return true;
  return false;
}

GroupDependencyAnalysis::Bits GroupDependencyAnalysis::intersectionWithout(const Row& x, const Row& y,
                                                                           const SegmentedGroup* a,
                                                                           const SegmentedGroup* b) const {
  Bits both(std::min({x.end(), y.end(), live_.size()}));
  for (std::size_t w = std::max(x.base(), y.base()); w < both.size(); ++w) both[w] = x.word(w) & y.word(w) & live_[w];
  for (const SegmentedGroup* g : {a, b})
    if (const int slot = slotOf(g); slot >= 0) reset(both, slot);
  return both;
}

// The intersection of the consumer's producers and the producer's consumers (neither set
// holds its own group).
GroupDependencyAnalysis::Bits GroupDependencyAnalysis::betweenSlots(const SegmentedGroup* producer,
                                                                    const SegmentedGroup* consumer) const {
  return intersectionWithout(producersOf(consumer), consumersOf(producer), producer, consumer);
}

// Ascending group id.
std::vector<const SegmentedGroup*> GroupDependencyAnalysis::groupsBetween(const SegmentedGroup* producer,
                                                                          const SegmentedGroup* consumer) const {
  std::vector<const SegmentedGroup*> out;
  forEachLive(betweenSlots(producer, consumer), [&](const SegmentedGroup* g) { out.push_back(g); });
  std::sort(out.begin(), out.end(), byId);
  return out;
}

bool GroupDependencyAnalysis::canMergeWithoutCycle(const SegmentedGroup* producer,
                                                   const SegmentedGroup* consumer) const {
  for (const SegmentedGroup* other : producer->consumerGroups())
    if (other != consumer && isProducerOf(other, consumer)) return false;
  return true;
}

// A group outside the set lies on a path between two members exactly when it is both
// downstream of a member and upstream of one: two unions of the members' rows, instead of a
// row per group upstream of the set.
bool GroupDependencyAnalysis::isConvex(const std::vector<SegmentedGroup*>& groups) const {
  Bits members;
  Row upstream, downstream;
  for (const SegmentedGroup* g : groups) {
    if (const int slot = slotOf(g); slot >= 0) set(members, slot);
    upstream.unite(producersOf(g));
    downstream.unite(consumersOf(g));
  }
  const std::size_t words = std::min({upstream.end(), downstream.end(), live_.size()});
  for (std::size_t w = std::max(upstream.base(), downstream.base()); w < words; ++w) {
    const std::uint64_t inside = w < members.size() ? members[w] : 0;
    if (upstream.word(w) & downstream.word(w) & live_[w] & ~inside) return false;
  }
  return true;
}

// The common producers form an up-closed set (a producer of a common producer is common). A
// common group is lowest unless it directly feeds another common group. Two ways to find
// them, whichever touches fewer groups: mark the direct producers of every common group; or
// walk up from a (or b) through the groups that are not common: every lowest L is reached,
// since no common group lies on its paths down to a. Testing each common group against the
// whole common set instead cost |common| x groups per pair, cubic in a deep backward pass.
std::vector<SegmentedGroup*> GroupDependencyAnalysis::lowestCommonProducers(const SegmentedGroup* a,
                                                                            const SegmentedGroup* b) const {
  const Row& aUp = producersOf(a);
  const Row& bUp = producersOf(b);
  // One pass for the common set and both sides' live counts: this runs for every pair of
  // unrelated reductions, so it builds one row, not three.
  Bits common(std::min({aUp.end(), bUp.end(), live_.size()}));
  std::size_t liveA = 0, liveB = 0;
  for (std::size_t w = std::min(aUp.base(), bUp.base()); w < std::min(std::max(aUp.end(), bUp.end()), live_.size());
       ++w) {
    const std::uint64_t x = aUp.word(w) & live_[w];
    const std::uint64_t y = bUp.word(w) & live_[w];
    liveA += static_cast<std::size_t>(std::popcount(x));
    liveB += static_cast<std::size_t>(std::popcount(y));
    if (w < common.size()) common[w] = x & y;
  }
  for (const SegmentedGroup* g : {a, b})
    if (const int slot = slotOf(g); slot >= 0) reset(common, slot);
  const std::size_t inCommon = count(common);
  if (inCommon == 0) return {};
  const std::size_t aOnly = liveA - inCommon, bOnly = liveB - inCommon;
  const auto isCommon = [&](const SegmentedGroup* g) {
    const int slot = slotOf(g);
    return slot >= 0 && test(common, slot);
  };
  std::vector<SegmentedGroup*> lowest;
  if (inCommon <= std::min(aOnly, bOnly)) {
    Bits feedsCommon;
    forEachLive(common, [&](const SegmentedGroup* g) {
      for (const SegmentedGroup* p : g->producerGroups()) set(feedsCommon, slotOf(p));
    });
    forEachLive(common, [&](const SegmentedGroup* g) {
      if (!test(feedsCommon, slotOf(g))) lowest.push_back(const_cast<SegmentedGroup*>(g));
    });
    std::sort(lowest.begin(), lowest.end(), byId);
    return lowest;
  }
  Bits seen;
  std::vector<const SegmentedGroup*> stack{aOnly <= bOnly ? a : b};
  while (!stack.empty()) {
    const SegmentedGroup* g = stack.back();
    stack.pop_back();
    for (SegmentedGroup* p : g->producerGroups()) {
      if (test(seen, slotOf(p))) continue;
      set(seen, slotOf(p));
      if (!isCommon(p)) {
        stack.push_back(p);
        continue;
      }
      const std::vector<SegmentedGroup*> consumers = p->consumerGroups();
      if (std::none_of(consumers.begin(), consumers.end(), isCommon)) lowest.push_back(p);
    }
  }
  std::sort(lowest.begin(), lowest.end(), byId);
  return lowest;
}

std::size_t GroupDependencyAnalysis::count(const Bits& bits) {
  std::size_t n = 0;
  for (const std::uint64_t w : bits) n += static_cast<std::size_t>(std::popcount(w));
  return n;
}

// Only groups up- or downstream of a or b can change: a new path always runs through ab. ab
// takes one part's slot (the kept part), so a group that reached that part already holds ab's
// bit; a group that reached both holds everything. Only the groups that reached exactly one
// part gain bits: those that reached the gone part gain ab's bit and what only the kept part
// brought; those that reached the kept part gain what only the gone part brought, often
// nothing. The kept part is the one that leaves fewer rows to patch: in a transformer's
// backward, combine_reductions merges a reduction read by thousands of later groups with a
// sibling read by none, and keeping the wrong slot rewrote every one of those rows per merge.
void GroupDependencyAnalysis::mergeGroups(const SegmentedGroup* a, const SegmentedGroup* b, const SegmentedGroup* ab) {
  // Rows are read through their live slots, without a and b themselves: word by word, with no
  // copy of the four rows (at 100k groups a row is ~1,600 words, copied four times per merge).
  const int slotA = slotOf(a), slotB = slotOf(b);
  const auto partWord = [&](std::size_t w) {
    std::uint64_t word = ~std::uint64_t{0};
    for (const int s : {slotA, slotB})
      if (s >= 0 && static_cast<std::size_t>(s) / 64 == w) word &= ~(std::uint64_t{1} << (s % 64));
    return word;
  };
  const auto liveWord = [&](const Row& row, std::size_t w) {
    return w < live_.size() ? row.word(w) & live_[w] & partWord(w) : std::uint64_t{0};
  };
  const auto onlyIn = [&](const Row& x, const Row& y) {  // live slots in x and not in y
    std::vector<int> slots;
    for (std::size_t w = x.base(); w < x.end(); ++w)
      for (std::uint64_t word = liveWord(x, w) & ~liveWord(y, w); word != 0; word &= word - 1)
        slots.push_back(static_cast<int>(w * 64 + static_cast<std::size_t>(std::countr_zero(word))));
    return slots;
  };
  const auto unionOf = [&](const Row& x, const Row& y) {  // live slots of either, parts excluded
    const std::size_t lo = x.empty() ? y.base() : y.empty() ? x.base() : std::min(x.base(), y.base());
    Bits out(std::min(std::max(x.end(), y.end()), live_.size()));
    for (std::size_t w = lo; w < out.size(); ++w) out[w] = liveWord(x, w) | liveWord(y, w);
    return Row::of(out);
  };
  // The rows of a and b die or change below, and the patch may touch them: read them first.
  Row upstream = unionOf(producersOf(a), producersOf(b)), downstream = unionOf(consumersOf(a), consumersOf(b));
  struct Part {
    const SegmentedGroup* group;
    int slot;
    std::vector<int> upOnly, downOnly;  // live slots up-/downstream of this part and not the other
  };
  Part gone{a, slotA, onlyIn(producersOf(a), producersOf(b)), onlyIn(consumersOf(a), consumersOf(b))};
  Part kept{b, slotB, onlyIn(producersOf(b), producersOf(a)), onlyIn(consumersOf(b), consumersOf(a))};
  const auto rowsToPatch = [](const Part& g, const Part& k) {  // when k's slot is kept
    return g.downOnly.size() + g.upOnly.size() + (g.upOnly.empty() ? 0 : k.downOnly.size()) +
           (g.downOnly.empty() ? 0 : k.upOnly.size());
  };
  if (gone.slot >= 0 && kept.slot >= 0 && rowsToPatch(kept, gone) < rowsToPatch(gone, kept)) std::swap(gone, kept);
  if (kept.slot < 0) {  // never tracked: give ab a slot of its own
    track(ab);
  } else {
    slotOf_[static_cast<std::size_t>(kept.group->id())] = -1;
    const auto id = static_cast<std::size_t>(ab->id());
    if (slotOf_.size() <= id) slotOf_.resize(id + 1, -1);
    slotOf_[id] = kept.slot;
    bySlot_[static_cast<std::size_t>(kept.slot)] = ab;
  }
  const int sab = slotOf(ab);
  // Rows that reached the gone part only gain ab's bit and what only the kept part brought;
  // rows that reached the kept part only (they hold ab's bit) gain what only the gone part
  // brought, and are skipped when that is nothing.
  const auto patch = [&](std::vector<Row>& rows, const std::vector<int>& reachedGone,
                         const std::vector<int>& reachedKept, const std::vector<int>& goneOnly,
                         const std::vector<int>& keptOnly) {
    for (const int g : reachedGone) {
      Row& row = rows[static_cast<std::size_t>(g)];
      row.set(sab);
      for (const int s : keptOnly) row.set(s);
    }
    if (goneOnly.empty()) return;
    for (const int g : reachedKept)
      for (const int s : goneOnly) rows[static_cast<std::size_t>(g)].set(s);
  };
  patch(producers_, gone.downOnly, kept.downOnly, gone.upOnly, kept.upOnly);
  patch(consumers_, gone.upOnly, kept.upOnly, gone.downOnly, kept.downOnly);
  if (gone.slot >= 0) {
    slotOf_[static_cast<std::size_t>(gone.group->id())] = -1;
    bySlot_[static_cast<std::size_t>(gone.slot)] = nullptr;
    producers_[static_cast<std::size_t>(gone.slot)] = {};
    consumers_[static_cast<std::size_t>(gone.slot)] = {};
    reset(live_, gone.slot);
  }
  producers_[static_cast<std::size_t>(sab)] = std::move(upstream);
  consumers_[static_cast<std::size_t>(sab)] = std::move(downstream);
}

}  // namespace segscope::segmenter
