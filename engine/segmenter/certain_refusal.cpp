// Vertical merge sets that every scheduler refuses, told from facts of their groups.
#include "segmenter/certain_refusal.h"

#include <algorithm>

#include "ir/op_classes.h"
#include "scheduler/alias_analysis.h"

namespace segscope::segmenter {
namespace {

bool hasSegmentSet(const ir::Fusion& fusion) {
  const auto& exprs = fusion.exprs();
  return std::any_of(exprs.begin(), exprs.end(), [](const ir::Expr* e) { return e->op() == ir::OpType::SegmentSet; });
}

void setBit(GroupDependencyAnalysis::Bits& b, std::size_t i, bool on) {
  if (b.size() <= i / 64) {
    if (!on) return;
    b.resize(i / 64 + 1, 0);
  }
  const std::uint64_t bit = std::uint64_t{1} << (i % 64);
  b[i / 64] = on ? b[i / 64] | bit : b[i / 64] & ~bit;
}

}  // namespace

CertainRefusal::CertainRefusal(const FinderState& state) : state_(state) {
  enabled_ = !state.keepsMergeDetails() && !hasSegmentSet(state.fusion);
  if (!enabled_) return;
  for (std::vector<int>& ids : state.askedSetsOfAtLeast(3))
    for (const int id : ids) askedByMember_[id].push_back(ids);
}

// A group's exprs never change (a merge makes a new group), so its facts are read once.
const CertainRefusal::Facts& CertainRefusal::factsOf(const SegmentedGroup* g) {
  const auto id = static_cast<std::size_t>(g->id());
  if (facts_.size() <= id) facts_.resize(id + 1);
  Facts& f = facts_[id];
  if (f.known) return f;
  f.known = true;
  const ir::Fusion& fusion = state_.fusion;
  for (const ir::Expr* e : g->exprs()) {
    f.barrier = f.barrier || ir::isMatmulOp(e) || ir::isExprEvalOnlyOp(e);
    // expr_eval's firstComputedOutput: a tensor the segment sends out that is not a view of
    // one of its inputs. A value whose own definition is no view candidate is never one
    // (scheduler/alias_analysis.cpp viewChain stops at once), whatever else the set holds.
    if (scheduler::isViewCandidate(e)) continue;
    for (const ir::Val* out : e->outputs()) {
      if (!out->isTensor()) continue;
      const bool readOutside = std::any_of(out->uses().begin(), out->uses().end(),
                                           [&](const ir::Expr* use) { return state_.groups->groupOf(use) != g; });
      if (readOutside || fusion.isOutput(out)) f.sendsComputed = true;
    }
  }
  for (const SegmentedEdge* edge : g->consumerEdges())
    if (fusion.isOutput(edge->val)) f.sendsFusionOutput = true;
  return f;
}

void CertainRefusal::markSlot(const GroupDependencyAnalysis& dep, const SegmentedGroup* g) {
  const int slot = dep.slotOf(g);
  if (slot < 0) return;
  const auto s = static_cast<std::size_t>(slot);
  if (groupAt_.size() <= s) groupAt_.resize(s + 1, -1);
  if (groupAt_[s] == g->id()) return;
  groupAt_[s] = g->id();
  const Facts& f = factsOf(g);
  setBit(barrier_, s, f.barrier);
  setBit(sendsFusionOutput_, s, f.sendsFusionOutput);
}

// Marks the groups made since the last question; a merged group takes over a slot of one of
// its parts, so marking it overwrites what the slot said before.
void CertainRefusal::sync(const GroupDependencyAnalysis& dep) {
  if (seenUpTo_ == state_.groups->nextGroupId()) return;
  for (const SegmentedGroup* g : state_.groups->liveGroupsFrom(seenUpTo_)) markSlot(dep, g);
  seenUpTo_ = state_.groups->nextGroupId();
}

// combine_reductions' carriesFusionOutputInside for the vertical set: an edge from a member to
// a member that carries a fusion output. A member's consumer is a member exactly when it is
// the consumer end or reaches it (it is downstream of the producer end already).
bool CertainRefusal::carriesFusionOutputInside(const GroupDependencyAnalysis& dep, const SegmentedGroup* producer,
                                               const SegmentedGroup* consumer) {
  const auto carriesIn = [&](const SegmentedGroup* from) {
    for (const SegmentedEdge* edge : from->consumerEdges())
      if (state_.fusion.isOutput(edge->val) && (edge->to == consumer || dep.reaches(edge->to, consumer))) return true;
    return false;
  };
  if (factsOf(producer).sendsFusionOutput && carriesIn(producer)) return true;
  bool carries = false;
  dep.forEachBetween(
      producer, consumer, [&](std::size_t w) { return carries ? 0 : wordOf(sendsFusionOutput_, w); },
      [&](const SegmentedGroup* g) { carries = carries || carriesIn(g); });
  return carries;
}

bool CertainRefusal::askedBefore(const SegmentedGroup* producer, const SegmentedGroup* consumer) const {
  const auto it = askedByMember_.find(producer->id());
  if (it == askedByMember_.end()) return false;
  return std::any_of(it->second.begin(), it->second.end(), [&](const std::vector<int>& ids) {
    return std::binary_search(ids.begin(), ids.end(), consumer->id());
  });
}

// Every kernel scheduler's gate refuses a segment holding a matmul/linear or an
// expr_eval-only op (scheduler/registry.cpp commonGate; the matmul scheduler refuses in its
// compile-time check, as NVFUSER_ENABLE=fuse_matmul is off). expr_eval refuses a segment of
// more than one expr that sends out a computed tensor (scheduler/expr_eval.cpp), and the
// consumer end sends out everything it sends: no member reads it, as every member reaches it.
CertainRefusal::Vertical CertainRefusal::vertical(const GroupDependencyAnalysis& dep, const SegmentedGroup* producer,
                                                  const SegmentedGroup* consumer) {
  if (!enabled_ || producer == consumer) return Vertical::Unknown;
  sync(dep);
  // Three or more groups: later phases only ask about pairs, so this set is never asked again.
  if (!dep.anyBetween(producer, consumer, [](std::size_t) { return ~std::uint64_t{0}; })) return Vertical::Unknown;
  if (carriesFusionOutputInside(dep, producer, consumer)) return Vertical::OutputInside;
  if (!factsOf(consumer).sendsComputed || askedBefore(producer, consumer)) return Vertical::Unknown;
  const bool barrier = factsOf(producer).barrier || factsOf(consumer).barrier ||
                       dep.anyBetween(producer, consumer, [&](std::size_t w) { return wordOf(barrier_, w); });
  return barrier ? Vertical::Refused : Vertical::Unknown;
}

}  // namespace segscope::segmenter
