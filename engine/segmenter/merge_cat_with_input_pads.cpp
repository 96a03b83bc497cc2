// Pre-merge phase: a cat whose inputs are all zero-pads along the cat axis is merged with
// those pads first, so the whole concatenation becomes one resize segment.
#include <algorithm>

#include "ir/val.h"
#include "segmenter/finder_state.h"

namespace segscope::segmenter {
namespace {

// The pad padding exactly the cat axis with zeros (nvFuser also demands it pads one axis).
bool padsOnlyAxis(const ir::Expr* pad, std::int64_t axis) {
  const std::vector<ir::SymInt>& w = pad->attrs().padWidths;
  const int rank = pad->output()->asTensor()->rank();
  bool found = false;
  for (std::size_t i = 0; i < w.size() / 2; ++i) {
    if (w[2 * i].isConst(0) && w[2 * i + 1].isConst(0)) continue;
    if (rank - 1 - static_cast<int>(i) != axis || found) return false;
    found = true;
  }
  return found;
}

bool isZeroPad(const ir::Expr* pad) { return pad->numOperands() < 2 || ir::isZeroConstant(pad->operand(1)); }

// The pad groups feeding a cat group, or empty when the pattern does not hold.
std::vector<SegmentedGroup*> padGroupsOf(FinderState& state, const SegmentedGroup* catGroup) {
  const ir::Expr* cat = catGroup->exprs().front();
  std::vector<SegmentedGroup*> pads;
  for (std::size_t i = 0; i < cat->numOperands(); ++i) {
    const ir::Expr* def = cat->operand(i)->definition();
    if (!def || def->op() != ir::OpType::Pad || !isZeroPad(def) || !padsOnlyAxis(def, cat->attrs().axis)) return {};
    SegmentedGroup* g = state.groups->groupOf(def);
    if (!g || g->exprs().size() != 1 || g->consumerEdges().size() != 1) return {};
    if (std::find(pads.begin(), pads.end(), g) == pads.end()) pads.push_back(g);
  }
  return pads;
}

}  // namespace

void mergeCatWithInputPads(FinderState& state) {
  state.phase = trace::Phase::MergeCatWithInputPads;
  state.round = 0;
  // Collect first, merge afterwards, as nvFuser does: merging changes the group list.
  std::vector<std::vector<SegmentedGroup*>> candidates;
  for (SegmentedGroup* g : state.groups->groups()) {
    if (g->exprs().size() != 1 || g->exprs().front()->op() != ir::OpType::Cat) continue;
    std::vector<SegmentedGroup*> set = padGroupsOf(state, g);
    if (set.empty()) continue;
    set.push_back(g);
    candidates.push_back(std::move(set));
  }
  for (const auto& set : candidates) state.attemptMerge(set);
}

}  // namespace segscope::segmenter
