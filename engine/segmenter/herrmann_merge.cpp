// The main merge: rounds of pairwise merges between neighbouring groups whose levels
// (longest path from a source) differ by at most one, after Herrmann et al. (SIAM J. Sci.
// Comput. 2019, Theorem 4.2): contracting such a matching keeps the graph acyclic.
#include <algorithm>
#include <unordered_map>

#include "segmenter/finder_state.h"

namespace segscope::segmenter {
namespace {

using scheduler::SchedulerType;

class Round {
 public:
  explicit Round(FinderState& state) : state_(state) {
    auto order = state.groups->topologicalOrder();  // acyclic by construction
    for (const SegmentedGroup* g : order.value()) {
      int level = 0;
      for (const SegmentedGroup* p : g->producerGroups()) level = std::max(level, levels_.at(p).front() + 1);
      levels_[g] = {level};
    }
  }

  bool merged(const SegmentedGroup* g) const { return merged_.count(g) != 0; }

  // Neighbours across edges that do not carry fusion outputs (those edges save at most
  // one memory pass; the final merge may still take them).
  std::vector<SegmentedGroup*> neighbours(const SegmentedGroup* g) const {
    std::vector<SegmentedGroup*> out;
    const auto add = [&](SegmentedGroup* x, const ir::Val* v) {
      if (!state_.fusion.isOutput(v) && std::find(out.begin(), out.end(), x) == out.end()) out.push_back(x);
    };
    for (const SegmentedEdge* e : g->producerEdges()) add(e->from, e->val);
    for (const SegmentedEdge* e : g->consumerEdges()) add(e->to, e->val);
    return out;
  }

  // nvFuser's getMergeCandidates: a group whose neighbour merged this round within one
  // level waits; a candidate must be within one level and have no merged neighbour within
  // one level of either.
  std::vector<SegmentedGroup*> candidates(const SegmentedGroup* g) const {
    if (merged(g) || g->exprs().empty()) return {};
    const int lg = level(g);
    const std::vector<SegmentedGroup*> around = neighbours(g);
    for (const SegmentedGroup* x : around)
      if (merged(x) && near(x, lg)) return {};
    std::vector<SegmentedGroup*> out;
    for (SegmentedGroup* x : around) {
      if (merged(x) || std::abs(level(x) - lg) > 1) continue;
      const int lx = level(x);
      bool blocked = false;
      for (const SegmentedGroup* y : neighbours(x))
        if (y != x && merged(y) && (near(y, lg) || near(y, lx))) blocked = true;
      if (!blocked) out.push_back(x);
    }
    return out;
  }

  bool tryPair(SegmentedGroup* g, SegmentedGroup* x) {
    std::vector<int> levels = levels_.at(g);
    levels.insert(levels.end(), levels_.at(x).begin(), levels_.at(x).end());
    SegmentedGroup* joined = state_.attemptMerge({g, x});
    if (!joined) return false;
    levels_[joined] = std::move(levels);
    merged_[joined] = true;
    return true;
  }

  bool isCandidate(const SegmentedGroup* g, const SegmentedGroup* x) const {
    const auto c = candidates(g);
    return std::find(c.begin(), c.end(), x) != c.end();
  }

 private:
  int level(const SegmentedGroup* g) const { return levels_.at(g).front(); }
  // A merged group carries the levels of both halves (nvFuser's merge_with_).
  bool near(const SegmentedGroup* x, int l) const {
    const auto& ls = levels_.at(x);
    return std::any_of(ls.begin(), ls.end(), [&](int v) { return std::abs(v - l) <= 1; });
  }

  FinderState& state_;
  std::unordered_map<const SegmentedGroup*, std::vector<int>> levels_;
  std::unordered_map<const SegmentedGroup*, bool> merged_;
};

bool isSelectLike(const ir::Expr* e) {
  return e->op() == ir::OpType::SelectOp || e->op() == ir::OpType::IndexSelect || e->op() == ir::OpType::Gather ||
         e->op() == ir::OpType::TakeAlongAxis;
}

// For a gather-like op picking one element per row (its index is a broadcast along the
// lookup axis), cutting after the gather is cheaper than before it (cross-entropy's
// softmax -> take_along_axis -> sum): prefer merging it with the lookup's producer.
SegmentedGroup* preferredForSelect(const FinderState& state, const SegmentedGroup* g) {
  if (g->exprs().size() != 1 || !isSelectLike(g->exprs().front())) return nullptr;
  const ir::Expr* e = g->exprs().front();
  const ir::Val* lookup = e->operand(0);
  if (state.fusion.isInput(lookup) || !lookup->definition()) return nullptr;
  if (e->op() != ir::OpType::SelectOp) {
    const ir::TensorView* index = e->operand(1)->asTensor();
    const auto axis = static_cast<std::size_t>(e->attrs().axis);
    if (!index || axis >= index->dims().size() || !index->dim(axis).isBroadcast()) return nullptr;
  }
  return state.groups->groupOf(lookup->definition());
}

// A boundary before a pad moves fewer bytes than one after it: prefer merging the pad
// with its consumer.
SegmentedGroup* preferredForPad(const SegmentedGroup* g) {
  for (const ir::Expr* e : g->exprs()) {
    if (e->op() != ir::OpType::Pad) continue;
    const bool inputArrives = std::any_of(g->producerEdges().begin(), g->producerEdges().end(),
                                          [&](const SegmentedEdge* p) { return p->val == e->operand(0); });
    if (!inputArrives) continue;
    for (const SegmentedEdge* c : g->consumerEdges())
      if (c->val == e->output()) return c->to;
  }
  return nullptr;
}

bool runPreferred(FinderState& state, Round& round, const std::vector<SegmentedGroup*>& groups) {
  bool any = false;
  for (SegmentedGroup* g : groups) {
    for (SegmentedGroup* x : {preferredForSelect(state, g), preferredForPad(g)}) {
      if (!x || round.merged(g) || round.merged(x) || !round.isCandidate(g, x)) continue;
      any = round.tryPair(g, x) || any;
    }
  }
  return any;
}

}  // namespace

void herrmannMerge(FinderState& state) {
  state.phase = trace::Phase::HerrmannMerge;
  state.round = 0;
  if (!state.options.runHerrmannMerge) return;
  for (;;) {
    ++state.round;
    Round round(state);
    const std::vector<SegmentedGroup*> groups = state.groups->groups();
    // Preferred pairs take the round when there are any (nvFuser's PreferredMergeCandidatePicker).
    bool any = runPreferred(state, round, groups);
    if (!any) {
      for (SegmentedGroup* g : groups) {
        if (g->merged()) continue;
        for (SegmentedGroup* x : round.candidates(g))
          if (round.tryPair(g, x)) {
            any = true;
            break;
          }
      }
    }
    if (!any) break;
  }
}

}  // namespace segscope::segmenter
