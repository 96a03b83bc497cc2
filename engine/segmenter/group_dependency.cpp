// GroupDependencyAnalysis: transitive-producer bitsets indexed by group id.
#include "segmenter/group_dependency.h"


namespace segscope::segmenter {

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

Result<GroupDependencyAnalysis> GroupDependencyAnalysis::build(const SegmentedFusion& fusion) {
  auto order = fusion.topologicalOrder();
  if (!order) return makeError("the group graph is not a DAG");
  GroupDependencyAnalysis a;
  // In topological order every producer's set is final when its consumers read it.
  for (const SegmentedGroup* g : order.value()) {
    const auto id = static_cast<std::size_t>(g->id());
    if (a.byId_.size() <= id) a.byId_.resize(id + 1, nullptr);
    a.byId_[id] = g;
    Bits& mine = a.producers_[g];
    for (const SegmentedGroup* p : g->producerGroups()) {
      set(mine, p->id());
      unite(mine, a.producers_.at(p));  // present: producers come first in topological order
    }
  }
  return a;
}

const GroupDependencyAnalysis::Bits& GroupDependencyAnalysis::producersOf(const SegmentedGroup* g) const {
  static const Bits none;
  auto it = producers_.find(g);
  return it == producers_.end() ? none : it->second;
}

bool GroupDependencyAnalysis::isProducerOf(const SegmentedGroup* producer, const SegmentedGroup* consumer) const {
  return test(producersOf(consumer), producer->id());
}

bool GroupDependencyAnalysis::isConsumerOfAny(const SegmentedGroup* group, const std::vector<SegmentedGroup*>& groups) const {
  for (const SegmentedGroup* g : groups)
    if (isConsumerOf(group, g)) return true;
  return false;
}

std::vector<const SegmentedGroup*> GroupDependencyAnalysis::groupsBetween(const SegmentedGroup* producer,
                                                                         const SegmentedGroup* consumer) const {
  std::vector<const SegmentedGroup*> out;
  const Bits& upstream = producersOf(consumer);
  for (std::size_t w = 0; w < upstream.size(); ++w)
    for (int bit = 0; bit < 64; ++bit) {
      if (!((upstream[w] >> bit) & 1u)) continue;
      const std::size_t id = w * 64 + static_cast<std::size_t>(bit);
      const SegmentedGroup* g = id < byId_.size() ? byId_[id] : nullptr;
      if (g && g != producer && isProducerOf(producer, g)) out.push_back(g);
    }
  return out;
}

bool GroupDependencyAnalysis::canMergeWithoutCycle(const SegmentedGroup* producer, const SegmentedGroup* consumer) const {
  for (const SegmentedGroup* other : producer->consumerGroups())
    if (other != consumer && isProducerOf(other, consumer)) return false;
  return true;
}

bool GroupDependencyAnalysis::isConvex(const std::vector<SegmentedGroup*>& groups) const {
  Bits members, upstream;
  for (const SegmentedGroup* g : groups) {
    set(members, g->id());
    unite(upstream, producersOf(g));
  }
  for (const auto& [x, bits] : producers_) {
    if (test(members, x->id()) || !test(upstream, x->id())) continue;
    // x feeds the set; it breaks convexity when it also depends on a member.
    for (std::size_t w = 0; w < bits.size() && w < members.size(); ++w)
      if (bits[w] & members[w]) return false;
  }
  return true;
}

void GroupDependencyAnalysis::mergeGroups(const SegmentedGroup* a, const SegmentedGroup* b, const SegmentedGroup* ab) {
  Bits merged = producersOf(a);
  unite(merged, producersOf(b));
  reset(merged, a->id());
  reset(merged, b->id());
  // Wherever a or b was upstream, ab (and everything upstream of it) now is.
  for (auto& [g, bits] : producers_) {
    if (g == a || g == b) continue;
    if (!test(bits, a->id()) && !test(bits, b->id())) continue;
    reset(bits, a->id());
    reset(bits, b->id());
    set(bits, ab->id());
    unite(bits, merged);
  }
  producers_.erase(a);
  producers_.erase(b);
  producers_[ab] = std::move(merged);
  byId_[static_cast<std::size_t>(a->id())] = nullptr;
  byId_[static_cast<std::size_t>(b->id())] = nullptr;
  const auto id = static_cast<std::size_t>(ab->id());
  if (byId_.size() <= id) byId_.resize(id + 1, nullptr);
  byId_[id] = ab;
}

}  // namespace segscope::segmenter
