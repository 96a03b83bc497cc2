// Pre-merge phase: an upcast, the cheap ops after it and the downcast that ends them
// (Thunder's RoPE pattern) are merged first so the wide intermediate never leaves a kernel.
#include <algorithm>
#include <deque>
#include <unordered_set>

#include "segmenter/finder_state.h"

namespace segscope::segmenter {
namespace {

int bitWidth(ir::DataType t) { return ir::byteSize(t) * 8; }

bool isCastOf(const SegmentedGroup* g, bool up) {
  if (g->exprs().size() != 1) return false;
  const ir::Expr* e = g->exprs().front();
  if (e->op() != ir::OpType::Cast || !e->operand(0)->isTensor()) return false;
  const int from = bitWidth(e->operand(0)->dtype()), to = bitWidth(e->output()->dtype());
  return up ? from < to : from > to;
}

// Breadth-first from an upcast: forward through single consumers until a downcast,
// backward into producers that have a single consumer. The single-consumer rule is what
// keeps the merged set free of cycles.
std::vector<SegmentedGroup*> growFrom(SegmentedGroup* upcast) {
  std::vector<SegmentedGroup*> set{upcast};
  std::unordered_set<const SegmentedGroup*> seen{upcast};
  std::deque<SegmentedGroup*> work{upcast};
  const auto visit = [&](SegmentedGroup* g) {
    if (g->exprs().empty() || !seen.insert(g).second) return;
    set.push_back(g);
    work.push_back(g);
  };
  while (!work.empty()) {
    SegmentedGroup* g = work.front();
    work.pop_front();
    if (!isCastOf(g, false) && g->consumerEdges().size() == 1) visit(g->consumerEdges().front()->to);
    if (!isCastOf(g, true))
      for (SegmentedGroup* p : g->producerGroups())
        if (p->consumerEdges().size() == 1) visit(p);
  }
  return set;
}

}  // namespace

void mergeUpAndDownCast(FinderState& state) {
  state.phase = trace::Phase::MergeUpAndDownCast;
  state.round = 0;
  // nvFuser scans the group list again from the start after every merge. The groups before
  // the merged set were considered or are no casts, and stay so (a merge only removes groups
  // and appends the new one), so the scan goes on where it was, over the groups the merge
  // appended too: the same order of attempts without a pass over the list per merge.
  std::vector<SegmentedGroup*> worklist = state.groups->groups();
  std::unordered_set<int> considered;
  for (std::size_t i = 0; i < worklist.size(); ++i) {
    SegmentedGroup* g = worklist[i];
    if (g->merged() || !isCastOf(g, true) || !considered.insert(g->id()).second) continue;
    std::vector<SegmentedGroup*> set = growFrom(g);
    if (set.size() < 2) continue;
    const int next = state.groups->nextGroupId();
    if (state.attemptMerge(set)) {
      ++state.round;
      const std::vector<SegmentedGroup*> added = state.groups->liveGroupsFrom(next);
      worklist.insert(worklist.end(), added.begin(), added.end());
    }
  }
}

}  // namespace segscope::segmenter
