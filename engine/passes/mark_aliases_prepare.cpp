// MarkAliasesPrepare (csrc/preseg_passes/mark_aliases_prepare.cpp @ 81c4b22): puts a
// segment_set in front of the view-only tail of each fusion output, so the tail becomes its
// own (expr_eval, pointer arithmetic) segment instead of being copied inside a kernel:
//   T = compute(...); R = reshape(T)   →   T = compute(...); S = segment_set(T); R = reshape(S)
// "View" is decided by the alias analysis (scheduler/alias_analysis), which checks that the
// layout allows one: a reshape merging non-contiguous dims, or a stride_order that changes
// the layout, is a copy and stays in the kernel.
#include "passes/mark_aliases_prepare.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_set>

#include "ir/ops.h"
#include "passes/tensor_rewrite.h"
#include "scheduler/alias_analysis.h"

namespace segscope::passes {
namespace {

// csrc/preseg_passes/mark_aliases_prepare.cpp:53-66 exprsDependedByNonAliases: every expr
// a tensor that is no view (a computed value, an input, an in-place target) depends on.
std::unordered_set<const ir::Expr*> exprsDependedByNonAliases(const ir::Fusion& fusion,
                                                              const scheduler::AliasAnalysis& analysis) {
  std::unordered_set<const ir::Val*> needed;
  std::unordered_set<const ir::Expr*> result;
  const std::vector<ir::Expr*> order = fusion.exprs();
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    const ir::Expr* e = *it;
    bool depended = false;
    for (const ir::Val* out : e->outputs())
      depended = depended || needed.count(out) || (out->isTensor() && !analysis.rootOf(out));
    if (!depended) continue;
    result.insert(e);
    for (const ir::Val* in : e->inputs()) needed.insert(in);
  }
  return result;
}

struct Use {
  ir::Val* useOf = nullptr;
  ir::Expr* user = nullptr;
};

// csrc/preseg_passes/mark_aliases_prepare.cpp:36-51 findUseToSegment: walk up the output's
// view chain while the tensor is a view whose definition only views need.
Use findUseToSegment(ir::Val* out, const scheduler::AliasAnalysis& analysis,
                     const std::unordered_set<const ir::Expr*>& dependedByNonAliases) {
  ir::Expr* user = nullptr;
  while (true) {
    ir::Expr* def = out->definition();
    if (!analysis.rootOf(out) || dependedByNonAliases.count(def)) return {out, user};
    user = def;
    out = def->operand(0);
  }
}

// csrc/preseg_passes/mark_aliases_prepare.cpp:68-103 insertSegmentSetAfter. Nothing is put
// after an input or a segment_set all of whose uses are in the tail, nor before users that
// are all segment_sets; a fusion output that gets copied is replaced by its copy.
bool insertSegmentSetAfter(ir::Fusion& fusion, ir::Val* useOf, const std::vector<ir::Expr*>& users, PassLog& log) {
  if (users.size() == useOf->uses().size()) {
    if (fusion.isInput(useOf)) return false;
    if (const ir::Expr* def = useOf->definition(); def && def->op() == ir::OpType::SegmentSet) return false;
  }
  if (std::all_of(users.begin(), users.end(), [](const ir::Expr* u) { return u->op() == ir::OpType::SegmentSet; }))
    return false;
  const std::string name = rewrite::nextTensorName(fusion);
  auto copy = ir::ops::set(fusion, ir::OpType::SegmentSet, useOf);
  if (!copy) return false;
  fusion.setName(copy.value(), name);
  // The copy inherits use_of's allocation domain (insertSegmentSetAfter replays it onto the copy):
  // an explicit one even when use_of's is the default, so a later run of the pass, which
  // lays out only tensors without one, leaves the copy alone.
  if (const ir::TensorView* tv = useOf->asTensor())
    copy.value()->asTensor()->setStrideOrder(rewrite::effectiveOrder(tv));
  std::string userText;
  for (ir::Expr* u : users) {
    fusion.replaceUse(u, useOf, copy.value());
    userText += (userText.empty() ? "" : ", ") + u->toString();
  }
  std::string note;
  if (fusion.isOutput(useOf)) {
    fusion.replaceOutput(useOf, copy.value());
    note = "; the output " + useOf->name() + " is now " + copy.value()->name();
  }
  log.add("view-only tail: " + copy.value()->name() + " = segment_set(" + useOf->name() + ") now feeds " + userText +
          note);
  return true;
}

}  // namespace

bool MarkAliasesPrepare::runPass(ir::Fusion& fusion, PassLog& log) {
  const scheduler::AliasAnalysis analysis = scheduler::findAliases(fusion);
  // csrc/preseg_passes/mark_aliases_prepare.cpp:121-155: every view without an allocation
  // domain gets its preferred layout, so the segment that produces it keeps it a view.
  // Setting a layout changes the IR (nvFuser prints the new allocation domain after this
  // pass), so it counts as a modification: the trace's snapshot after the pass must show it.
  bool modified = false;
  for (ir::Val* v : fusion.vals()) {
    ir::TensorView* tv = v->asTensor();
    if (!tv || !analysis.rootOf(v) || !tv->strideOrder().empty() || tv->rank() == 0) continue;
    const auto contiguityBefore = tv->contiguity();
    scheduler::setAllocation(*tv, analysis.layoutOf(v));
    if (tv->strideOrder().empty() && tv->contiguity() == contiguityBefore) continue;  // an empty layout
    log.add(tv->name() + ", a view of " + analysis.rootOf(v)->name() +
            ", gets the allocation layout that keeps it a view");
    modified = true;
  }
  const std::unordered_set<const ir::Expr*> depended = exprsDependedByNonAliases(fusion, analysis);
  // Sorted by (use_of, user) as nvFuser sorts by names, so equal use_of values are adjacent.
  std::map<int, std::set<int>> usersOf;
  for (const ir::FusionOutput& o : fusion.outputs()) {
    if (!o.val->isTensor()) continue;
    const Use use = findUseToSegment(o.val, analysis, depended);
    if (use.useOf != o.val) usersOf[use.useOf->id()].insert(use.user->id());
  }
  for (const auto& [valId, userIds] : usersOf) {
    std::vector<ir::Expr*> users;
    for (int id : userIds) users.push_back(fusion.exprById(id));
    modified = insertSegmentSetAfter(fusion, fusion.valById(valId), users, log) || modified;
  }
  return modified;
}

}  // namespace segscope::passes
