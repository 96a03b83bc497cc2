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

void GroupDependencyAnalysis::unite(Bits& into, const Bits& from) {
  if (into.size() < from.size()) into.resize(from.size(), 0);
  for (std::size_t i = 0; i < from.size(); ++i) into[i] |= from[i];
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
    Bits mine;
    for (const SegmentedGroup* p : g->producerGroups()) {
      set(mine, a.slotOf(p));
      unite(mine, a.producersOf(p));  // final: producers come first in topological order
    }
    mine.shrink_to_fit();  // rows grow by resizes: unshrunk, a sixth of a 100k fusion's rows was slack
    a.producers_[static_cast<std::size_t>(a.slotOf(g))] = std::move(mine);
  }
  // Consumers likewise, in reverse order: a group's set is its direct consumers and theirs
  // (setting one bit per producer of every group instead was quadratic in deep graphs).
  for (auto it = order.value().rbegin(); it != order.value().rend(); ++it) {
    Bits mine;
    for (const SegmentedGroup* c : (*it)->consumerGroups()) {
      set(mine, a.slotOf(c));
      unite(mine, a.consumersOf(c));
    }
    mine.shrink_to_fit();
    a.consumers_[static_cast<std::size_t>(a.slotOf(*it))] = std::move(mine);
  }
  return a;
}

const GroupDependencyAnalysis::Bits& GroupDependencyAnalysis::producersOf(const SegmentedGroup* g) const {
  static const Bits none;
  const int slot = slotOf(g);
  return slot < 0 ? none : producers_[static_cast<std::size_t>(slot)];
}

const GroupDependencyAnalysis::Bits& GroupDependencyAnalysis::consumersOf(const SegmentedGroup* g) const {
  static const Bits none;
  const int slot = slotOf(g);
  return slot < 0 ? none : consumers_[static_cast<std::size_t>(slot)];
}

bool GroupDependencyAnalysis::isProducerOf(const SegmentedGroup* producer, const SegmentedGroup* consumer) const {
  const int slot = slotOf(producer);
  return slot >= 0 && test(producersOf(consumer), slot);
}

bool GroupDependencyAnalysis::reaches(const SegmentedGroup* producer, const SegmentedGroup* consumer) const {
  const int slot = slotOf(consumer);
  return slot >= 0 && test(consumersOf(producer), slot);
}

bool GroupDependencyAnalysis::isConsumerOfAny(const SegmentedGroup* group,
                                              const std::vector<SegmentedGroup*>& groups) const {
  for (const SegmentedGroup* g : groups)
    if (isConsumerOf(group, g)) return true;
  return false;
}

GroupDependencyAnalysis::Bits GroupDependencyAnalysis::intersectionWithout(const Bits& x, const Bits& y,
                                                                           const SegmentedGroup* a,
                                                                           const SegmentedGroup* b) const {
  Bits both(std::min({x.size(), y.size(), live_.size()}));
  for (std::size_t w = 0; w < both.size(); ++w) both[w] = x[w] & y[w] & live_[w];
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
  Bits members, upstream, downstream;
  for (const SegmentedGroup* g : groups) {
    if (const int slot = slotOf(g); slot >= 0) set(members, slot);
    unite(upstream, producersOf(g));
    unite(downstream, consumersOf(g));
  }
  const std::size_t words = std::min({upstream.size(), downstream.size(), live_.size()});
  for (std::size_t w = 0; w < words; ++w) {
    const std::uint64_t inside = w < members.size() ? members[w] : 0;
    if (upstream[w] & downstream[w] & live_[w] & ~inside) return false;
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
  const Bits& aUp = producersOf(a);
  const Bits& bUp = producersOf(b);
  // One pass for the common set and both sides' live counts: this runs for every pair of
  // unrelated reductions, so it builds one row, not three.
  Bits common(std::min({aUp.size(), bUp.size(), live_.size()}));
  std::size_t liveA = 0, liveB = 0;
  for (std::size_t w = 0; w < live_.size(); ++w) {
    const std::uint64_t x = w < aUp.size() ? aUp[w] & live_[w] : 0;
    const std::uint64_t y = w < bUp.size() ? bUp[w] & live_[w] : 0;
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
// takes b's slot, so a group that reached b already holds ab's bit and everything upstream of
// b; a group that reached both holds everything. Only the groups that reached exactly one of
// a and b gain bits: what is upstream of the other part only (for two neighbours, a few ids).
// A vertical merge in a chain touches no other row at all, where rewriting every row up- and
// downstream of the pair cost a cache miss per group, per merge.
void GroupDependencyAnalysis::mergeGroups(const SegmentedGroup* a, const SegmentedGroup* b, const SegmentedGroup* ab) {
  const int sa = slotOf(a), sb = slotOf(b);
  // Rows are read through their live slots, without a and b themselves: word by word, with no
  // copy of the four rows (at 100k groups a row is ~1,600 words, copied four times per merge).
  const auto partWord = [&](std::size_t w) {
    std::uint64_t word = ~std::uint64_t{0};
    for (const int s : {sa, sb})
      if (s >= 0 && static_cast<std::size_t>(s) / 64 == w) word &= ~(std::uint64_t{1} << (s % 64));
    return word;
  };
  const auto liveWord = [&](const Bits& row, std::size_t w) {
    return w < row.size() && w < live_.size() ? row[w] & live_[w] & partWord(w) : std::uint64_t{0};
  };
  const Bits& rowUpA = producersOf(a);
  const Bits& rowUpB = producersOf(b);
  const Bits& rowDownA = consumersOf(a);
  const Bits& rowDownB = consumersOf(b);
  const auto onlyIn = [&](const Bits& x, const Bits& y) {  // live slots in x and not in y
    std::vector<int> slots;
    for (std::size_t w = 0; w < x.size(); ++w)
      for (std::uint64_t word = liveWord(x, w) & ~liveWord(y, w); word != 0; word &= word - 1)
        slots.push_back(static_cast<int>(w * 64 + static_cast<std::size_t>(std::countr_zero(word))));
    return slots;
  };
  const auto unionOf = [&](const Bits& x, const Bits& y) {  // live slots of either, parts excluded
    Bits out(std::min(std::max(x.size(), y.size()), live_.size()));
    for (std::size_t w = 0; w < out.size(); ++w) out[w] = liveWord(x, w) | liveWord(y, w);
    return out;
  };
  // The rows of a and b die or change below, and `patch` may touch them: read them first.
  Bits upstream = unionOf(rowUpA, rowUpB), downstream = unionOf(rowDownA, rowDownB);
  const std::vector<int> upOnlyA = onlyIn(rowUpA, rowUpB), upOnlyB = onlyIn(rowUpB, rowUpA);
  const std::vector<int> downOnlyA = onlyIn(rowDownA, rowDownB), downOnlyB = onlyIn(rowDownB, rowDownA);
  if (sb < 0) {  // b was never tracked: give ab a slot of its own
    track(ab);
  } else {
    slotOf_[static_cast<std::size_t>(b->id())] = -1;
    const auto id = static_cast<std::size_t>(ab->id());
    if (slotOf_.size() <= id) slotOf_.resize(id + 1, -1);
    slotOf_[id] = sb;
    bySlot_[static_cast<std::size_t>(sb)] = ab;
  }
  const int sab = slotOf(ab);
  // Rows that reached exactly one part: with b's bit they lack what only a brought, else
  // they gain ab's bit and what only b brought.
  const auto patch = [&](std::vector<Bits>& rows, const std::vector<int>& reachedOne, const std::vector<int>& onlyA,
                         const std::vector<int>& onlyB) {
    for (const int g : reachedOne) {
      Bits& row = rows[static_cast<std::size_t>(g)];
      if (test(row, sab)) {
        for (const int s : onlyA) set(row, s);
      } else {
        set(row, sab);
        for (const int s : onlyB) set(row, s);
      }
    }
  };
  std::vector<int> downOne = downOnlyA, upOne = upOnlyA;
  downOne.insert(downOne.end(), downOnlyB.begin(), downOnlyB.end());
  upOne.insert(upOne.end(), upOnlyB.begin(), upOnlyB.end());
  patch(producers_, downOne, upOnlyA, upOnlyB);
  patch(consumers_, upOne, downOnlyA, downOnlyB);
  if (sa >= 0) {
    slotOf_[static_cast<std::size_t>(a->id())] = -1;
    bySlot_[static_cast<std::size_t>(sa)] = nullptr;
    producers_[static_cast<std::size_t>(sa)] = {};
    consumers_[static_cast<std::size_t>(sa)] = {};
    reset(live_, sa);
  }
  producers_[static_cast<std::size_t>(sab)] = std::move(upstream);
  consumers_[static_cast<std::size_t>(sab)] = std::move(downstream);
}

}  // namespace segscope::segmenter
