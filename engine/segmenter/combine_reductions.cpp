// Pre-merge phase: reductions with the same signature (rank and reduced axes) are joined
// into one normalization segment, vertically (through the groups between them) or
// horizontally (through the consumers of a common producer), before the general merge.
#include <algorithm>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "ir/op_classes.h"
#include "segmenter/certain_refusal.h"
#include "segmenter/finder_state.h"

namespace segscope::segmenter {
namespace {

struct Signature {
  int rank = 0;
  std::vector<std::int64_t> axes;
  friend bool operator==(const Signature&, const Signature&) = default;
};

std::optional<Signature> signatureOf(const ir::Expr* reduction) {
  const ir::TensorView* in = reduction->operand(0)->asTensor();
  if (!in) return std::nullopt;
  Signature s{in->rank(), reduction->attrs().dims};
  std::sort(s.axes.begin(), s.axes.end());
  return s;
}

// The group's one signature; nullopt when it has no reduction or reductions that disagree.
std::optional<Signature> signatureOf(const SegmentedGroup* g, bool& mixed) {
  std::optional<Signature> sig;
  mixed = false;
  for (const ir::Expr* e : g->exprs()) {
    if (!ir::isReductionOp(e)) continue;
    const auto s = signatureOf(e);
    if (!s || (sig && !(*sig == *s))) {
      mixed = true;
      return std::nullopt;
    }
    sig = s;
  }
  return sig;
}

// Every group's signature, computed once per group (a group's exprs never change: a merge
// makes a new group), plus bitsets by dependency slot (GroupDependencyAnalysis::slotOf) so
// that "is every group between these two compatible?" is a few word operations on
// betweenSlots instead of a walk over each group's exprs. A slot passes to a merged group, so
// keyOf re-marks a slot when it meets a new group there; every live group is marked at the
// start of each round (reductionGroups), before any question.
class Signatures {
 public:
  using Bits = GroupDependencyAnalysis::Bits;
  static constexpr int kNone = -1;   // no reduction
  static constexpr int kMixed = -2;  // reductions that disagree (or one without a tensor input)

  /// g's signature key (kNone, kMixed or an index of distinct signatures).
  int keyOf(const SegmentedGroup* g) {
    const auto id = static_cast<std::size_t>(g->id());
    if (id < keys_.size() && keys_[id] != kUnknown) return keys_[id];
    if (keys_.size() <= id) keys_.resize(id + 1, kUnknown);
    bool mixed = false;
    const std::optional<Signature> sig = signatureOf(g, mixed);
    keys_[id] = mixed ? kMixed : sig ? keyOf(*sig) : kNone;
    return keys_[id];
  }
  /// keyOf(g), with g's bits set at its slot for anyIncompatible.
  int mark(const GroupDependencyAnalysis& dep, const SegmentedGroup* g) {
    const int key = keyOf(g);
    const int slot = dep.slotOf(g);
    if (slot < 0) return key;
    const auto s = static_cast<std::size_t>(slot);
    if (groupAt_.size() <= s) groupAt_.resize(s + 1, -1);
    if (groupAt_[s] == g->id()) return key;
    if (groupAt_[s] >= 0) unmark(s, keys_[static_cast<std::size_t>(groupAt_[s])]);
    groupAt_[s] = g->id();
    if (key == kMixed) setBit(mixed_, s);
    if (key >= 0) setBit(withKey_[static_cast<std::size_t>(key)], s);
    if (key >= 0) setBit(withAnyKey_, s);
    return key;
  }
  int count() const { return static_cast<int>(distinct_.size()); }

  /// Word w of the set of marked slots whose group is incompatible with `key`.
  std::uint64_t incompatibleWord(std::size_t w, int key) const {
    return wordOf(mixed_, w) | (wordOf(withAnyKey_, w) & ~wordOf(withKey_[static_cast<std::size_t>(key)], w));
  }
  /// True when some group on a path from `producer` to `consumer` is incompatible with `key`.
  bool anyIncompatibleBetween(const GroupDependencyAnalysis& dep, const SegmentedGroup* producer,
                              const SegmentedGroup* consumer, int key) const {
    return dep.anyBetween(producer, consumer, [&](std::size_t w) { return incompatibleWord(w, key); });
  }
  bool isIncompatible(const GroupDependencyAnalysis& dep, const SegmentedGroup* g, int key) const {
    const int slot = dep.slotOf(g);
    return slot >= 0 && (incompatibleWord(static_cast<std::size_t>(slot) / 64, key) >> (slot % 64)) & 1u;
  }

 private:
  static constexpr int kUnknown = -3;
  static std::uint64_t wordOf(const Bits& b, std::size_t w) { return w < b.size() ? b[w] : 0; }
  static void setBit(Bits& b, std::size_t i) {
    if (b.size() <= i / 64) b.resize(i / 64 + 1, 0);
    b[i / 64] |= std::uint64_t{1} << (i % 64);
  }
  static void resetBit(Bits& b, std::size_t i) {
    if (i / 64 < b.size()) b[i / 64] &= ~(std::uint64_t{1} << (i % 64));
  }
  void unmark(std::size_t slot, int key) {
    resetBit(mixed_, slot);
    resetBit(withAnyKey_, slot);
    if (key >= 0) resetBit(withKey_[static_cast<std::size_t>(key)], slot);
  }
  int keyOf(const Signature& sig) {
    for (std::size_t k = 0; k < distinct_.size(); ++k)
      if (distinct_[k] == sig) return static_cast<int>(k);
    distinct_.push_back(sig);
    withKey_.emplace_back();
    return count() - 1;
  }

  std::vector<int> keys_;     // by group id
  std::vector<int> groupAt_;  // by slot: the id of the group its bits describe, -1: none
  std::vector<Signature> distinct_;
  Bits mixed_, withAnyKey_;    // by slot
  std::vector<Bits> withKey_;  // by key, by slot
};

std::vector<SegmentedGroup*> between(GroupDependencyAnalysis& dep, SegmentedGroup* from, SegmentedGroup* to) {
  std::vector<SegmentedGroup*> set{from};
  for (const SegmentedGroup* g : dep.groupsBetween(from, to)) set.push_back(const_cast<SegmentedGroup*>(g));
  if (to != from) set.push_back(to);
  return set;
}

bool carriesFusionOutputInside(const FinderState& state, const std::vector<SegmentedGroup*>& set) {
  std::vector<bool> inside;  // by group id: the sets run to hundreds of groups
  for (const SegmentedGroup* g : set) {
    const auto id = static_cast<std::size_t>(g->id());
    if (inside.size() <= id) inside.resize(id + 1, false);
    inside[id] = true;
  }
  const auto isInside = [&](const SegmentedGroup* g) {
    const auto id = static_cast<std::size_t>(g->id());
    return id < inside.size() && inside[id];
  };
  for (const SegmentedGroup* g : set)
    for (const SegmentedEdge* e : g->consumerEdges())
      if (isInside(e->to) && state.fusion.isOutput(e->val)) return true;
  return false;
}

// For a reduction group a: the groups that have a valid path into it (validPath(c, a) is not
// empty, fusion outputs aside; a itself included), and their producers. A horizontal merge of a
// and b reaches the schedulers only through a common producer P with consumers c1 and c2 valid
// into a and into b, so P is among both groups' feeders: two disjoint feeder sets rule the pair
// out without lowestCommonProducers' scan over the whole graph. Without this, every pair of
// unrelated reductions (a backward pass's weight-gradient sums) cost a row of all groups.
//
// The valid groups are found walking up from a through valid groups only (a group on a valid
// path is valid itself, and a producer of an invalid group is invalid). An entry stays a safe
// over-estimate until a merge takes one of its groups: merges only add paths, so a group can
// lose validity but not gain it, and a new group or a new producer appears only by a merge of
// a group the entry holds. A walk past kBudget valid groups (a fusion where one signature runs
// through everything) gives up, and the pair takes the full search.
class Feeders {
 public:
  static constexpr std::size_t kBudget = 64;
  struct Entry {
    std::vector<int> producers;  // group ids, ascending
    bool bounded = false;
  };

  const Entry& of(const GroupDependencyAnalysis& dep, const Signatures& sigs, const SegmentedGroup* a, int key) {
    if (const auto it = byGroup_.find(a->id()); it != byGroup_.end()) return it->second;
    std::vector<int> held;
    Entry entry = walkUp(dep, sigs, a, key, held);
    if (entry.bounded)
      for (const int id : held) holders_[id].push_back(a->id());
    return byGroup_.emplace(a->id(), std::move(entry)).first->second;
  }

  /// False only when both are bounded and share no producer.
  static bool mayShare(const Entry& x, const Entry& y) {
    if (!x.bounded || !y.bounded) return true;
    auto i = x.producers.begin(), j = y.producers.begin();
    while (i != x.producers.end() && j != y.producers.end()) {
      if (*i == *j) return true;
      *i < *j ? ++i : ++j;
    }
    return false;
  }

  /// Call with the groups a merge took.
  void forget(const std::vector<SegmentedGroup*>& merged) {
    for (const SegmentedGroup* g : merged) {
      const auto it = holders_.find(g->id());
      if (it == holders_.end()) continue;
      for (const int id : it->second) byGroup_.erase(id);
      holders_.erase(it);
    }
  }

 private:
  // `held`: every group the entry depends on (the valid ones and all their producers).
  static Entry walkUp(const GroupDependencyAnalysis& dep, const Signatures& sigs, const SegmentedGroup* a, int key,
                      std::vector<int>& held) {
    Entry entry;
    std::vector<const SegmentedGroup*> stack{a};
    std::unordered_set<int> seen{a->id()};
    std::size_t valid = 1;
    held.push_back(a->id());
    while (!stack.empty()) {
      const SegmentedGroup* x = stack.back();
      stack.pop_back();
      for (const SegmentedGroup* p : x->producerGroups()) {
        if (!seen.insert(p->id()).second) continue;
        held.push_back(p->id());
        entry.producers.push_back(p->id());
        if (sigs.isIncompatible(dep, p, key) || sigs.anyIncompatibleBetween(dep, p, a, key)) continue;
        if (++valid > kBudget) return {};
        stack.push_back(p);
      }
    }
    std::sort(entry.producers.begin(), entry.producers.end());
    entry.bounded = true;
    return entry;
  }

  std::unordered_map<int, Entry> byGroup_;             // by group id
  std::unordered_map<int, std::vector<int>> holders_;  // group id -> the entries that hold it
};

// attemptMerge, telling `feeders` which groups the merge took.
SegmentedGroup* mergeSet(FinderState& state, Feeders& feeders, const std::vector<SegmentedGroup*>& set) {
  SegmentedGroup* merged = state.attemptMerge(set);
  if (merged) feeders.forget(set);
  return merged;
}

// Both ends carry the signature `key`, so only the groups between them need checking.
// `certain` answers first where it can: in a stack split by linears most pairs are refused
// for the linear between them, and building those sets made the pass cubic.
SegmentedGroup* tryVertical(FinderState& state, const Signatures& sigs, Feeders& feeders, CertainRefusal& certain,
                            SegmentedGroup* producer, SegmentedGroup* consumer, int key) {
  GroupDependencyAnalysis& dep = state.dependencies();
  if (sigs.anyIncompatibleBetween(dep, producer, consumer, key)) return nullptr;
  switch (certain.vertical(dep, producer, consumer)) {
    case CertainRefusal::Vertical::OutputInside: return nullptr;
    case CertainRefusal::Vertical::Refused: state.recordCertainRefusal(); return nullptr;
    case CertainRefusal::Vertical::Unknown: break;
  }
  std::vector<SegmentedGroup*> set = between(dep, producer, consumer);
  if (carriesFusionOutputInside(state, set)) return nullptr;
  return mergeSet(state, feeders, set);
}

// getValidMinVerticalMergedGroupSet (csrc/fusion_segmenter.cpp:3034-3093): {target} when
// `from` is the target, else `from`, the target and every group between them, provided
// `from` reaches the target, no reduction on the way has another signature than `key` (the
// target's), and no edge inside the set carries a fusion output; empty otherwise.
std::vector<SegmentedGroup*> validPath(FinderState& state, const Signatures& sigs, SegmentedGroup* from,
                                       SegmentedGroup* target, int key) {
  if (from == target) return {target};
  GroupDependencyAnalysis& dep = state.dependencies();
  if (!dep.isProducerOf(from, target)) return {};
  if (sigs.isIncompatible(dep, from, key) || sigs.anyIncompatibleBetween(dep, from, target, key)) return {};
  std::vector<SegmentedGroup*> set = between(dep, from, target);
  if (carriesFusionOutputInside(state, set)) return {};
  return set;
}

// horizontalReductionMerge (csrc/fusion_segmenter.cpp:2893-3018): for each lowest common
// producer P and each pair of its consumers C1, C2 with valid paths C1 -> a and C2 -> b, the
// union of the two paths is tried; the first that a scheduler takes is merged.
SegmentedGroup* tryHorizontal(FinderState& state, const Signatures& sigs, Feeders& feeders, SegmentedGroup* a,
                              SegmentedGroup* b, int key) {
  GroupDependencyAnalysis& dep = state.dependencies();
  if (!Feeders::mayShare(feeders.of(dep, sigs, a, key), feeders.of(dep, sigs, b, key))) return nullptr;
  for (SegmentedGroup* p : dep.lowestCommonProducers(a, b)) {
    const std::vector<SegmentedGroup*> consumers = p->consumerGroups();
    // Each consumer's path to b is asked once, not once per c1 (a producer feeding hundreds
    // of groups made that quadratic); nothing changes until a merge succeeds.
    std::vector<std::optional<std::vector<SegmentedGroup*>>> toBOf(consumers.size());
    for (SegmentedGroup* c1 : consumers) {
      const std::vector<SegmentedGroup*> toA = validPath(state, sigs, c1, a, key);
      if (toA.empty()) continue;
      for (std::size_t k = 0; k < consumers.size(); ++k) {
        SegmentedGroup* c2 = consumers[k];
        if (c1 == c2) continue;
        if (!toBOf[k]) toBOf[k] = validPath(state, sigs, c2, b, key);
        const std::vector<SegmentedGroup*>& toB = *toBOf[k];
        if (toB.empty()) continue;
        std::vector<SegmentedGroup*> set = toA;
        for (SegmentedGroup* g : toB)
          if (std::find(set.begin(), set.end(), g) == set.end()) set.push_back(g);
        // nvFuser merges the union unchecked; a union that is not convex would make a cycle.
        if (!dep.isConvex(set)) continue;
        if (SegmentedGroup* merged = mergeSet(state, feeders, set)) return merged;
      }
    }
  }
  return nullptr;
}

struct Candidate {
  SegmentedGroup* group;
  int key;  // Signatures key
};

// Groups with one signature, in group order (= ascending id: new groups are appended).
// With `dep`, every group is also marked at its slot (Signatures::mark).
std::vector<Candidate> reductionGroups(const FinderState& state, Signatures& sigs,
                                       const GroupDependencyAnalysis* dep = nullptr) {
  std::vector<Candidate> out;
  for (SegmentedGroup* g : state.groups->groups())
    if (const int key = dep ? sigs.mark(*dep, g) : sigs.keyOf(g); key >= 0) out.push_back({g, key});
  return out;
}

// reductionGroups across rounds: built once, then patched after each merge (the merged groups
// leave; the groups made since join at the end, in ascending id as in the group list) instead
// of reading and re-marking every group of the fusion per round.
class CandidateList {
 public:
  const std::vector<Candidate>& refresh(const FinderState& state, Signatures& sigs,
                                        const GroupDependencyAnalysis& dep) {
    if (!built_) {
      list_ = reductionGroups(state, sigs, &dep);
      built_ = true;
    } else {
      std::erase_if(list_, [](const Candidate& c) { return c.group->merged(); });
      for (SegmentedGroup* g : state.groups->liveGroupsFrom(seenUpTo_))
        if (const int key = sigs.mark(dep, g); key >= 0) list_.push_back({g, key});
    }
    seenUpTo_ = state.groups->nextGroupId();
    return list_;
  }

 private:
  std::vector<Candidate> list_;
  bool built_ = false;
  int seenUpTo_ = 0;
};

bool anyPairShares(const std::vector<Candidate>& c, int keys) {
  std::vector<int> seen(static_cast<std::size_t>(keys), 0);
  for (const Candidate& x : c)
    if (++seen[static_cast<std::size_t>(x.key)] == 2) return true;
  return false;
}

// Pairs are tried in (i, j) order over the candidate list, each once. The list is in id
// order and only loses groups or gains new (higher-id) ones, and a group's partners are
// always walked in that order, so the pairs tried with group i are exactly its partners up
// to the last one tried: one id per group replaces a set of all tried pairs.
class TriedPairs {
 public:
  bool tried(const SegmentedGroup* a, const SegmentedGroup* b) const { return b->id() <= lastPartner(a); }
  /// The id of the last partner tried with `a`; -1 when none was.
  int lastPartner(const SegmentedGroup* a) const {
    const auto id = static_cast<std::size_t>(a->id());
    return id < lastPartner_.size() ? lastPartner_[id] : -1;
  }
  void markTried(const SegmentedGroup* a, const SegmentedGroup* b) {
    const auto id = static_cast<std::size_t>(a->id());
    if (lastPartner_.size() <= id) lastPartner_.resize(id + 1, -1);
    lastPartner_[id] = b->id();
  }

 private:
  std::vector<int> lastPartner_;  // by group id: asked for every candidate after every merge
};

// One successful merge among the pairs; false when no pair merges.
bool mergeOnePair(FinderState& state, Signatures& sigs, TriedPairs& tried, CandidateList& candidates, Feeders& feeders,
                  CertainRefusal& certain) {
  const std::vector<Candidate>& c = candidates.refresh(state, sigs, state.dependencies());
  std::vector<std::vector<std::size_t>> withKey(static_cast<std::size_t>(sigs.count()));  // candidate indices
  for (std::size_t i = 0; i < c.size(); ++i) withKey[static_cast<std::size_t>(c[i].key)].push_back(i);
  GroupDependencyAnalysis& dep = state.dependencies();
  for (std::size_t i = 0; i < c.size(); ++i) {
    const std::vector<std::size_t>& same = withKey[static_cast<std::size_t>(c[i].key)];
    const int last = tried.lastPartner(c[i].group);
    if (last >= c[same.back()].group->id()) continue;  // every partner tried: most groups, most rounds
    // Partners come in ascending id, so the ones tried before are a prefix: skip it in one
    // search (walking it pair by pair after every merge was quadratic in the reductions).
    auto it = std::upper_bound(same.begin(), same.end(), i);
    it = std::upper_bound(it, same.end(), last, [&](int id, std::size_t k) { return id < c[k].group->id(); });
    for (; it != same.end(); ++it) {
      SegmentedGroup* a = c[i].group;
      SegmentedGroup* b = c[*it].group;
      if (tried.tried(a, b)) continue;
      tried.markTried(a, b);
      SegmentedGroup* merged = nullptr;
      // Both questions read a's rows (its consumers, then its producers): b changes every
      // pair, a only every few thousand, and asking b's rows missed the cache each time.
      if (dep.reaches(a, b))
        merged = tryVertical(state, sigs, feeders, certain, a, b, c[i].key);
      else if (dep.isProducerOf(b, a))  // a's row of producers
        merged = tryVertical(state, sigs, feeders, certain, b, a, c[i].key);
      else
        merged = tryHorizontal(state, sigs, feeders, a, b, c[i].key);
      if (merged) return true;
    }
  }
  return false;
}

}  // namespace

void combineReductions(FinderState& state) {
  state.phase = trace::Phase::CombineReductions;
  state.round = 0;
  if (!state.options.runCombineReductions) return;
  Signatures sigs;
  const std::vector<Candidate> first = reductionGroups(state, sigs);  // before count(): it adds the keys
  if (!anyPairShares(first, sigs.count())) return;
  TriedPairs tried;
  CandidateList candidates;
  Feeders feeders;
  CertainRefusal certain(state);
  while (mergeOnePair(state, sigs, tried, candidates, feeders, certain)) ++state.round;
  state.dropDependencies();
}

}  // namespace segscope::segmenter
