// Clean-up merge after the level rounds: any producer/consumer pair one scheduler takes,
// fusion-output edges included, guarded by the Theorem 4.1 cycle check.
#include <set>

#include "segmenter/finder_state.h"

namespace segscope::segmenter {
namespace {

// Producers whose every consumer pair was refused on an earlier pass, with the same consumer
// list since. Those pairs would be refused again (the schedulers' answer is cached by group
// ids), so a pass skips asking; only the cycle check runs again, because new paths can make a
// pair cyclic and its refusal is recorded the first time. A merge changes the consumer lists
// of exactly the merged group's producers.
class SettledProducers {
 public:
  bool settled(const SegmentedGroup* g) const {
    const auto id = static_cast<std::size_t>(g->id());
    return id < settled_.size() && settled_[id];
  }
  void settle(const SegmentedGroup* g) {
    const auto id = static_cast<std::size_t>(g->id());
    if (settled_.size() <= id) settled_.resize(id + 1, false);
    settled_[id] = true;
  }
  void mergedInto(const SegmentedGroup* merged) {
    for (const SegmentedGroup* p : merged->producerGroups())
      if (settled(p)) settled_[static_cast<std::size_t>(p->id())] = false;
  }

 private:
  std::vector<bool> settled_;  // by group id
};

// One merge per pass over the groups, as nvFuser does: the consumer lists change after it.
bool mergeOne(FinderState& state, std::set<std::pair<int, int>>& cyclic, SettledProducers& known) {
  GroupDependencyAnalysis& dep = state.dependencies();
  for (SegmentedGroup* p : std::vector<SegmentedGroup*>(state.groups->groups())) {
    if (p->exprs().empty()) continue;
    const bool refusedBefore = known.settled(p);
    for (SegmentedGroup* c : p->consumerGroups()) {
      if (!dep.canMergeWithoutCycle(p, c)) {
        if (cyclic.insert({p->id(), c->id()}).second) {
          std::string through;
          std::vector<int> blockers;
          for (const SegmentedGroup* other : p->consumerGroups())
            if (other != c && dep.isProducerOf(other, c)) {
              through = other->label();
              blockers.push_back(other->id());
            }
          state.recordRefusal({p, c}, "merging would create a cycle: " + through + " lies between them",
                              std::move(blockers));
        }
        continue;
      }
      if (refusedBefore) continue;
      if (SegmentedGroup* merged = state.attemptMerge({p, c})) {
        known.mergedInto(merged);
        return true;
      }
    }
    known.settle(p);
  }
  return false;
}

}  // namespace

void finalMerge(FinderState& state) {
  state.phase = trace::Phase::FinalMerge;
  state.round = 0;
  if (!state.options.runFinalMerge) return;
  std::set<std::pair<int, int>> cyclic;
  SettledProducers known;
  while (mergeOne(state, cyclic, known)) ++state.round;
}

}  // namespace segscope::segmenter
