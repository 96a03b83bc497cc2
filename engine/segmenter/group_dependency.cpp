// GroupDependencyAnalysis: transitive producer and consumer bitsets indexed by group id.
#include "segmenter/group_dependency.h"

#include <algorithm>
#include <bit>

namespace segscope::segmenter {
namespace {

std::size_t indexOf(const SegmentedGroup* g) { return static_cast<std::size_t>(g->id()); }

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
  for (std::size_t w = 0; w < bits.size(); ++w)
    for (std::uint64_t word = bits[w]; word != 0; word &= word - 1) {
      const std::size_t id = w * 64 + static_cast<std::size_t>(std::countr_zero(word));
      if (const SegmentedGroup* g = id < byId_.size() ? byId_[id] : nullptr) visit(g);
    }
}

void GroupDependencyAnalysis::track(const SegmentedGroup* g) {
  const std::size_t id = indexOf(g);
  if (byId_.size() <= id) {
    byId_.resize(id + 1, nullptr);
    producers_.resize(id + 1);
    consumers_.resize(id + 1);
  }
  byId_[id] = g;
}

Result<GroupDependencyAnalysis> GroupDependencyAnalysis::build(const SegmentedFusion& fusion) {
  auto order = fusion.topologicalOrder();
  if (!order) return makeError("the group graph is not a DAG");
  GroupDependencyAnalysis a;
  // In topological order every producer's set is final when its consumers read it.
  for (const SegmentedGroup* g : order.value()) {
    a.track(g);
    Bits mine;
    for (const SegmentedGroup* p : g->producerGroups()) {
      set(mine, p->id());
      unite(mine, a.producersOf(p));  // final: producers come first in topological order
    }
    a.producers_[indexOf(g)] = std::move(mine);
  }
  // Consumers likewise, in reverse order: a group's set is its direct consumers and theirs
  // (setting one bit per producer of every group instead was quadratic in deep graphs).
  for (auto it = order.value().rbegin(); it != order.value().rend(); ++it) {
    Bits mine;
    for (const SegmentedGroup* c : (*it)->consumerGroups()) {
      set(mine, c->id());
      unite(mine, a.consumersOf(c));
    }
    a.consumers_[indexOf(*it)] = std::move(mine);
  }
  return a;
}

const GroupDependencyAnalysis::Bits& GroupDependencyAnalysis::producersOf(const SegmentedGroup* g) const {
  static const Bits none;
  const std::size_t id = indexOf(g);
  return id < byId_.size() && byId_[id] == g ? producers_[id] : none;
}

const GroupDependencyAnalysis::Bits& GroupDependencyAnalysis::consumersOf(const SegmentedGroup* g) const {
  static const Bits none;
  const std::size_t id = indexOf(g);
  return id < byId_.size() && byId_[id] == g ? consumers_[id] : none;
}

bool GroupDependencyAnalysis::isProducerOf(const SegmentedGroup* producer, const SegmentedGroup* consumer) const {
  return test(producersOf(consumer), producer->id());
}

bool GroupDependencyAnalysis::isConsumerOfAny(const SegmentedGroup* group,
                                              const std::vector<SegmentedGroup*>& groups) const {
  for (const SegmentedGroup* g : groups)
    if (isConsumerOf(group, g)) return true;
  return false;
}

GroupDependencyAnalysis::Bits GroupDependencyAnalysis::intersectionWithout(const Bits& x, const Bits& y,
                                                                           const SegmentedGroup* a,
                                                                           const SegmentedGroup* b) {
  Bits both(std::min(x.size(), y.size()));
  for (std::size_t w = 0; w < both.size(); ++w) both[w] = x[w] & y[w];
  reset(both, a->id());
  reset(both, b->id());
  return both;
}

// The intersection of the consumer's producers and the producer's consumers (neither set
// holds its own group, and only live groups are ever set).
GroupDependencyAnalysis::Bits GroupDependencyAnalysis::betweenBits(const SegmentedGroup* producer,
                                                                   const SegmentedGroup* consumer) const {
  return intersectionWithout(producersOf(consumer), consumersOf(producer), producer, consumer);
}

// Ascending group id.
std::vector<const SegmentedGroup*> GroupDependencyAnalysis::groupsBetween(const SegmentedGroup* producer,
                                                                          const SegmentedGroup* consumer) const {
  std::vector<const SegmentedGroup*> out;
  forEachLive(betweenBits(producer, consumer), [&](const SegmentedGroup* g) { out.push_back(g); });
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
    set(members, g->id());
    unite(upstream, producersOf(g));
    unite(downstream, consumersOf(g));
  }
  const std::size_t words = std::min(upstream.size(), downstream.size());
  for (std::size_t w = 0; w < words; ++w) {
    const std::uint64_t inside = w < members.size() ? members[w] : 0;
    if (upstream[w] & downstream[w] & ~inside) return false;
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
  const Bits common = intersectionWithout(aUp, bUp, a, b);
  const std::size_t inCommon = count(common);
  if (inCommon == 0) return {};
  const std::size_t aOnly = count(aUp) - inCommon, bOnly = count(bUp) - inCommon;
  const auto isCommon = [&](const SegmentedGroup* g) { return test(common, g->id()); };
  std::vector<SegmentedGroup*> lowest;
  if (inCommon <= std::min(aOnly, bOnly)) {
    Bits feedsCommon;
    forEachLive(common, [&](const SegmentedGroup* g) {
      for (const SegmentedGroup* p : g->producerGroups()) set(feedsCommon, p->id());
    });
    forEachLive(common, [&](const SegmentedGroup* g) {
      if (!test(feedsCommon, g->id())) lowest.push_back(const_cast<SegmentedGroup*>(g));
    });
    return lowest;
  }
  Bits seen;
  std::vector<const SegmentedGroup*> stack{aOnly <= bOnly ? a : b};
  while (!stack.empty()) {
    const SegmentedGroup* g = stack.back();
    stack.pop_back();
    for (SegmentedGroup* p : g->producerGroups()) {
      if (test(seen, p->id())) continue;
      set(seen, p->id());
      if (!isCommon(p)) {
        stack.push_back(p);
        continue;
      }
      const std::vector<SegmentedGroup*> consumers = p->consumerGroups();
      if (std::none_of(consumers.begin(), consumers.end(), isCommon)) lowest.push_back(p);
    }
  }
  std::sort(lowest.begin(), lowest.end(),
            [](const SegmentedGroup* x, const SegmentedGroup* y) { return x->id() < y->id(); });
  return lowest;
}

std::size_t GroupDependencyAnalysis::count(const Bits& bits) {
  std::size_t n = 0;
  for (const std::uint64_t w : bits) n += static_cast<std::size_t>(std::popcount(w));
  return n;
}

// Only groups up- or downstream of a or b can change: a new path always runs through ab.
// A group downstream of a already holds everything upstream of a, so it gains only what is
// upstream of b and not of a (and the reverse): for two neighbours that difference is a few
// ids, where uniting whole rows cost groups/64 words per affected group, per merge.
void GroupDependencyAnalysis::mergeGroups(const SegmentedGroup* a, const SegmentedGroup* b, const SegmentedGroup* ab) {
  const auto onlyIn = [&](const Bits& x, const Bits& y) {  // ids in x and not in y, a and b left out
    std::vector<int> ids;
    for (std::size_t w = 0; w < x.size(); ++w)
      for (std::uint64_t word = x[w] & ~(w < y.size() ? y[w] : 0); word != 0; word &= word - 1) {
        const int id = static_cast<int>(w * 64 + static_cast<std::size_t>(std::countr_zero(word)));
        if (id != a->id() && id != b->id()) ids.push_back(id);
      }
    return ids;
  };
  const std::vector<int> upOnlyA = onlyIn(producersOf(a), producersOf(b));
  const std::vector<int> upOnlyB = onlyIn(producersOf(b), producersOf(a));
  const std::vector<int> downOnlyA = onlyIn(consumersOf(a), consumersOf(b));
  const std::vector<int> downOnlyB = onlyIn(consumersOf(b), consumersOf(a));
  Bits upstream = producersOf(a);
  unite(upstream, producersOf(b));
  Bits downstream = consumersOf(a);
  unite(downstream, consumersOf(b));
  for (Bits* bits : {&upstream, &downstream}) {
    reset(*bits, a->id());
    reset(*bits, b->id());
  }
  // `bits` reaches a (or b, or both): swap them for ab and add what only the other reached.
  const auto replace = [&](Bits& bits, const std::vector<int>& onlyA, const std::vector<int>& onlyB) {
    const bool hasA = test(bits, a->id()), hasB = test(bits, b->id());
    reset(bits, a->id());
    reset(bits, b->id());
    set(bits, ab->id());
    if (hasA && !hasB)
      for (const int id : onlyB) set(bits, id);
    if (hasB && !hasA)
      for (const int id : onlyA) set(bits, id);
  };
  forEachLive(downstream, [&](const SegmentedGroup* g) { replace(producers_[indexOf(g)], upOnlyA, upOnlyB); });
  forEachLive(upstream, [&](const SegmentedGroup* g) { replace(consumers_[indexOf(g)], downOnlyA, downOnlyB); });
  for (const SegmentedGroup* gone : {a, b}) {
    const std::size_t id = indexOf(gone);
    if (id >= byId_.size() || byId_[id] != gone) continue;
    byId_[id] = nullptr;
    producers_[id] = {};
    consumers_[id] = {};
  }
  track(ab);
  producers_[indexOf(ab)] = std::move(upstream);
  consumers_[indexOf(ab)] = std::move(downstream);
}

}  // namespace segscope::segmenter
