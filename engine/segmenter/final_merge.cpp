// Clean-up merge after the level rounds: any producer/consumer pair one scheduler takes,
// fusion-output edges included, guarded by the Theorem 4.1 cycle check.
#include <set>

#include "segmenter/finder_state.h"

namespace segscope::segmenter {
namespace {

// One merge per pass over the groups, as nvFuser does: the consumer lists change after it.
bool mergeOne(FinderState& state, std::set<std::pair<int, int>>& cyclic) {
  GroupDependencyAnalysis& dep = state.dependencies();
  for (SegmentedGroup* p : std::vector<SegmentedGroup*>(state.groups->groups())) {
    if (p->exprs().empty()) continue;
    for (SegmentedGroup* c : p->consumerGroups()) {
      if (!dep.canMergeWithoutCycle(p, c)) {
        if (cyclic.insert({p->id(), c->id()}).second) {
          std::string through;
          for (const SegmentedGroup* other : p->consumerGroups())
            if (other != c && dep.isProducerOf(other, c)) through = other->label();
          state.recordRefusal({p, c}, "merging would create a cycle: " + through + " lies between them");
        }
        continue;
      }
      if (state.attemptMerge({p, c})) return true;
    }
  }
  return false;
}

}  // namespace

void finalMerge(FinderState& state) {
  state.phase = "final_merge";
  state.round = 0;
  if (!state.options.runFinalMerge) return;
  std::set<std::pair<int, int>> cyclic;
  while (mergeOne(state, cyclic)) ++state.round;
}

}  // namespace segscope::segmenter
