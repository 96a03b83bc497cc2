// SegmentInplaceUpdate. An output that updates an input in place (fd.add_output(T, Tin))
// races with reads of that input when a broadcast is involved: a kernel may overwrite an
// element of Tin that another thread still has to read through the broadcast (nvFuser
// issue #2664). As in nvFuser, the pass collects every tensor that is a producer
// (transitively) of a broadcast's operand or a consumer (transitively) of a broadcast's
// result, counting broadcast, broadcast_in_dim and expand as broadcasts. For each aliased
// output where the output or the aliased input is among them, it inserts
//   T' = segment_set(T); T'' = set(T')
// and makes T'' the output (same alias). A lone segment_set would be merged back, since
// its result would be an output nobody reads; the trailing set gives the copy its own
// segment. An output already written as set(segment_set(...)) is left alone.
#include "passes/segment_inplace_update.h"

#include <algorithm>
#include <deque>
#include <unordered_set>

#include "ir/ops.h"
#include "passes/tensor_rewrite.h"

namespace segscope::passes {
namespace {

bool isBroadcastLike(const ir::Expr* e) {
  switch (e->family()) {
    case ir::OpFamily::Broadcast:
    case ir::OpFamily::BroadcastInDim:
    case ir::OpFamily::Expand: return true;
    default: return false;
  }
}

// Tensors upstream of a broadcast's operand or downstream of its result.
std::unordered_set<const ir::Val*> touchedByBroadcasts(const ir::Fusion& fusion) {
  std::unordered_set<const ir::Val*> downstream, upstream;
  const std::vector<ir::Expr*> exprs = fusion.exprs();
  for (const ir::Expr* e : exprs) {
    if (!isBroadcastLike(e)) continue;
    std::deque<const ir::Val*> work(e->outputs().begin(), e->outputs().end());
    while (!work.empty()) {
      const ir::Val* v = work.front();
      work.pop_front();
      if (!v->isTensor() || !downstream.insert(v).second) continue;
      for (const ir::Expr* use : v->uses()) work.insert(work.end(), use->outputs().begin(), use->outputs().end());
    }
  }
  for (const ir::Expr* e : exprs) {
    if (!isBroadcastLike(e)) continue;
    std::deque<const ir::Val*> work{e->operand(0)};
    while (!work.empty()) {
      const ir::Val* v = work.front();
      work.pop_front();
      if (!v->isTensor() || !upstream.insert(v).second) continue;
      if (const ir::Expr* def = v->definition()) work.insert(work.end(), def->inputs().begin(), def->inputs().end());
    }
  }
  downstream.insert(upstream.begin(), upstream.end());
  return downstream;
}

bool alreadySeparated(const ir::Val* out) {
  const ir::Expr* def = out->definition();
  if (!def || def->op() != ir::OpType::Set) return false;
  const ir::Expr* inner = def->operand(0)->definition();
  return inner && inner->op() == ir::OpType::SegmentSet;
}

}  // namespace

bool SegmentInplaceUpdate::runPass(ir::Fusion& fusion, PassLog& log) {
  std::vector<ir::FusionOutput> aliased;
  for (const ir::FusionOutput& o : fusion.outputs())
    if (o.aliasOf && o.val->isTensor() && !alreadySeparated(o.val)) aliased.push_back(o);
  if (aliased.empty()) return false;
  const std::unordered_set<const ir::Val*> touched = touchedByBroadcasts(fusion);
  bool modified = false;
  for (const ir::FusionOutput& o : aliased) {
    if (!touched.count(o.val) && !touched.count(o.aliasOf)) continue;
    const std::string segName = rewrite::nextTensorName(fusion);
    auto seg = ir::ops::set(fusion, ir::OpType::SegmentSet, o.val);
    if (!seg) continue;
    fusion.setName(seg.value(), segName);
    const std::string copyName = rewrite::nextTensorName(fusion);
    auto copy = ir::ops::set(fusion, ir::OpType::Set, seg.value());
    if (!copy) continue;
    fusion.setName(copy.value(), copyName);
    fusion.replaceOutput(o.val, copy.value());
    log.add("in-place update of " + o.aliasOf->name() + " by " + o.val->name() +
            " touches a broadcast: it is now written by a separate copy " + copy.value()->name() + " = set(" +
            seg.value()->name() + " = segment_set(" + o.val->name() + "))");
    modified = true;
  }
  return modified;
}

}  // namespace segscope::passes
