// Pre-merge phase: reductions with the same signature (rank and reduced axes) are joined
// into one normalization segment, vertically (through the groups between them) or
// horizontally (through the consumers of a common producer), before the general merge.
#include <algorithm>
#include <optional>
#include <set>
#include <unordered_set>

#include "scheduler/analysis.h"
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
    if (!scheduler::analysis::isReductionOp(e)) continue;
    const auto s = signatureOf(e);
    if (!s || (sig && !(*sig == *s))) {
      mixed = true;
      return std::nullopt;
    }
    sig = s;
  }
  return sig;
}

bool compatible(const SegmentedGroup* g, const Signature& sig) {
  bool mixed = false;
  const auto s = signatureOf(g, mixed);
  return !mixed && (!s || *s == sig);
}

std::vector<SegmentedGroup*> between(GroupDependencyAnalysis& dep, SegmentedGroup* from, SegmentedGroup* to) {
  std::vector<SegmentedGroup*> set{from};
  for (const SegmentedGroup* g : dep.groupsBetween(from, to)) set.push_back(const_cast<SegmentedGroup*>(g));
  if (to != from) set.push_back(to);
  return set;
}

bool carriesFusionOutputInside(const FinderState& state, const std::vector<SegmentedGroup*>& set) {
  const std::unordered_set<const SegmentedGroup*> inside(set.begin(), set.end());
  for (const SegmentedGroup* g : set)
    for (const SegmentedEdge* e : g->consumerEdges())
      if (inside.count(e->to) && state.fusion.isOutput(e->val)) return true;
  return false;
}

SegmentedGroup* tryVertical(FinderState& state, SegmentedGroup* producer, SegmentedGroup* consumer, const Signature& sig) {
  std::vector<SegmentedGroup*> set = between(state.dependencies(), producer, consumer);
  for (const SegmentedGroup* g : set)
    if (!compatible(g, sig)) return nullptr;
  if (carriesFusionOutputInside(state, set)) return nullptr;
  return state.attemptMerge(set);
}

// The common producers that feed no other common producer: the closest branch points.
std::vector<SegmentedGroup*> lowestCommonProducers(FinderState& state, SegmentedGroup* a, SegmentedGroup* b) {
  GroupDependencyAnalysis& dep = state.dependencies();
  std::vector<SegmentedGroup*> common;
  for (SegmentedGroup* g : state.groups->groups())
    if (g != a && g != b && dep.isProducerOf(g, a) && dep.isProducerOf(g, b)) common.push_back(g);
  std::vector<SegmentedGroup*> lowest;
  for (SegmentedGroup* p : common)
    if (std::none_of(common.begin(), common.end(), [&](SegmentedGroup* q) { return q != p && dep.isProducerOf(p, q); }))
      lowest.push_back(p);
  return lowest;
}

SegmentedGroup* tryHorizontal(FinderState& state, SegmentedGroup* a, SegmentedGroup* b) {
  GroupDependencyAnalysis& dep = state.dependencies();
  const auto reaches = [&](SegmentedGroup* from, SegmentedGroup* to) { return from == to || dep.isProducerOf(from, to); };
  for (SegmentedGroup* p : lowestCommonProducers(state, a, b)) {
    const std::vector<SegmentedGroup*> consumers = p->consumerGroups();
    for (SegmentedGroup* c1 : consumers)
      for (SegmentedGroup* c2 : consumers) {
        if (c1 == c2 || !reaches(c1, a) || !reaches(c2, b)) continue;
        std::vector<SegmentedGroup*> set = between(dep, c1, a);
        for (SegmentedGroup* g : between(dep, c2, b))
          if (std::find(set.begin(), set.end(), g) == set.end()) set.push_back(g);
        if (!dep.isConvex(set) || carriesFusionOutputInside(state, set)) continue;
        return state.attemptMerge(set);
      }
  }
  return nullptr;
}

struct Candidate {
  SegmentedGroup* group;
  Signature sig;
};

std::vector<Candidate> reductionGroups(const FinderState& state) {
  std::vector<Candidate> out;
  for (SegmentedGroup* g : state.groups->groups()) {
    bool mixed = false;
    if (auto s = signatureOf(g, mixed)) out.push_back({g, *s});
  }
  return out;
}

bool anyPairShares(const std::vector<Candidate>& c) {
  for (std::size_t i = 0; i < c.size(); ++i)
    for (std::size_t j = i + 1; j < c.size(); ++j)
      if (c[i].sig == c[j].sig) return true;
  return false;
}

// One successful merge among the pairs; false when no pair merges.
bool mergeOnePair(FinderState& state, const std::vector<Candidate>& c, std::set<std::pair<int, int>>& tried) {
  GroupDependencyAnalysis& dep = state.dependencies();
  for (std::size_t i = 0; i < c.size(); ++i)
    for (std::size_t j = i + 1; j < c.size(); ++j) {
      if (!(c[i].sig == c[j].sig) || !tried.insert({c[i].group->id(), c[j].group->id()}).second) continue;
      SegmentedGroup* a = c[i].group;
      SegmentedGroup* b = c[j].group;
      SegmentedGroup* merged = nullptr;
      if (dep.isProducerOf(a, b)) merged = tryVertical(state, a, b, c[i].sig);
      else if (dep.isProducerOf(b, a)) merged = tryVertical(state, b, a, c[i].sig);
      else merged = tryHorizontal(state, a, b);
      if (merged) return true;
    }
  return false;
}

}  // namespace

void combineReductions(FinderState& state) {
  state.phase = "combine_reductions";
  state.round = 0;
  if (!state.options.runCombineReductions || !anyPairShares(reductionGroups(state))) return;
  std::set<std::pair<int, int>> tried;
  while (mergeOnePair(state, reductionGroups(state), tried)) ++state.round;
}

}  // namespace segscope::segmenter
