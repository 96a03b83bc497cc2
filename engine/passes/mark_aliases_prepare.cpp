// MarkAliasesPrepare (output bookend). Meta ops (broadcast, broadcast_in_dim, expand,
// squeeze, reshape, permute, set, stride_order) only re-describe data, so a chain of them
// at the end of a fusion can run as a no-op (or on the host) instead of inside a kernel.
// From each fusion output the pass walks up through meta ops and stops at the first value
// that is not a meta op's result (a compute op's result, a segment_set's result or an
// input), or at a meta op that also feeds, directly or through other meta ops, a non-meta
// op: such a meta op is treated as non-meta, so the tail is not split off from a kernel
// that needs the same view anyway (nvFuser's "do not over-segment" rule). Where the walk
// stopped, one segment_set is put between that value and the tail's first op:
//   T = compute(...); R = reshape(T)   →   T = compute(...); S = segment_set(T); R = reshape(S)
// Outputs whose tails start at the same value share one segment_set. Nothing is inserted
// directly after a fusion input, after a value that a segment_set already defines, or
// before users that are all segment_sets. Fusion outputs keep their values: when the
// value where the tail starts is itself an output it stays one (the compute kernel writes
// it). nvFuser's input-side bookend and its alias analysis (which also checks that the
// layout allows a view) are not modelled: every meta op counts as an alias here.
#include "passes/mark_aliases_prepare.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_set>

#include "ir/ops.h"
#include "passes/tensor_rewrite.h"

namespace segscope::passes {
namespace {

bool isTailMeta(const ir::Expr* e) { return e && ir::isMetaOp(e->op()) && e->op() != ir::OpType::SegmentSet; }

// Meta exprs whose result reaches a non-meta expr (they count as non-meta for the walk).
std::unordered_set<const ir::Expr*> metaFeedingCompute(const ir::Fusion& fusion) {
  std::unordered_set<const ir::Val*> reaches;  // values read, directly or via meta ops, by a non-meta op
  std::unordered_set<const ir::Expr*> result;
  const std::vector<ir::Expr*> order = fusion.exprs();
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    const ir::Expr* e = *it;
    bool feeds = false;
    for (const ir::Val* out : e->outputs()) feeds = feeds || reaches.count(out) > 0;
    if (!isTailMeta(e) || feeds) {
      for (const ir::Val* in : e->inputs()) reaches.insert(in);
      if (isTailMeta(e)) result.insert(e);
    }
  }
  return result;
}

}  // namespace

bool MarkAliasesPrepare::runPass(ir::Fusion& fusion, PassLog& log) {
  const std::unordered_set<const ir::Expr*> feedsCompute = metaFeedingCompute(fusion);
  // Where each output's tail starts: value → the tail's first exprs (by id, for a stable order).
  std::map<int, std::set<int>> cuts;
  std::map<int, std::vector<std::string>> cutOutputs;
  for (const ir::FusionOutput& o : fusion.outputs()) {
    ir::Val* v = o.val;
    ir::Expr* user = nullptr;
    while (true) {
      ir::Expr* def = v->definition();
      if (!isTailMeta(def) || feedsCompute.count(def) || !def->operand(0)->isTensor()) break;
      user = def;
      v = def->operand(0);
    }
    if (!user) continue;  // the output is not produced by a meta-only tail
    cuts[v->id()].insert(user->id());
    cutOutputs[v->id()].push_back(o.val->name());
  }
  bool modified = false;
  for (const auto& [valId, userIds] : cuts) {
    ir::Val* useOf = fusion.valById(valId);
    if (fusion.isInput(useOf)) continue;  // copying an input buys nothing
    if (const ir::Expr* def = useOf->definition(); def && def->op() == ir::OpType::SegmentSet) continue;
    std::vector<ir::Expr*> users;
    for (int id : userIds) users.push_back(fusion.exprById(id));
    bool allSegmentSets = true;
    for (const ir::Expr* u : users) allSegmentSets = allSegmentSets && u->op() == ir::OpType::SegmentSet;
    if (allSegmentSets) continue;
    const std::string name = rewrite::nextTensorName(fusion);
    auto seg = ir::ops::set(fusion, ir::OpType::SegmentSet, useOf);
    if (!seg) continue;
    fusion.setName(seg.value(), name);
    if (const ir::TensorView* tv = useOf->asTensor()) seg.value()->asTensor()->setStrideOrder(tv->strideOrder());
    std::string userText;
    for (ir::Expr* u : users) {
      fusion.replaceUse(u, useOf, seg.value());
      userText += (userText.empty() ? "" : ", ") + u->toString();
    }
    std::string outs;
    for (const std::string& n : cutOutputs[valId]) outs += (outs.empty() ? "" : ", ") + n;
    log.add("meta-only tail of " + outs + ": " + seg.value()->name() + " = segment_set(" + useOf->name() +
            ") now feeds " + userText);
    modified = true;
  }
  return modified;
}

}  // namespace segscope::passes
