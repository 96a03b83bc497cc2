// MoveGather (csrc/preseg_passes/move_gather.cpp @ 81c4b22): a take_along_axis whose lookup
// tensor comes out of a cast, neg or single-dim squeeze is moved above that op, which is then
// applied to the gathered elements instead (cross-entropy's log-probability lookup, embedding
// lookups after a dtype cast). The op it moves past stays where other readers still need it.
#include "passes/move_gather.h"

#include <algorithm>

#include "ir/ops.h"
#include "passes/tensor_rewrite.h"

namespace segscope::passes {
namespace {

using ir::OpFamily;

// file:17-20 isUnaryPointwiseOp: a UnaryOp with a tensor output (a cast is a UnaryOp there).
bool isUnaryPointwise(const ir::Expr* e) {
  return (e->family() == OpFamily::Unary || e->family() == OpFamily::Cast) && e->output()->isTensor() &&
         e->operand(0)->isTensor();
}

// file:24-47 getAllowedLookupTvDef: the unary op or one-dim squeeze defining the lookup
// tensor, or null (also for a fusion input).
ir::Expr* allowedLookupDef(const ir::Fusion& fusion, const ir::Expr* gather) {
  const ir::Val* lookup = gather->operand(0);
  if (fusion.isInput(lookup) || !lookup->definition()) return nullptr;
  ir::Expr* def = lookup->definition();
  if (isUnaryPointwise(def)) return def;
  if (def->op() == ir::OpType::Squeeze && def->attrs().dims.size() == 1) return def;
  return nullptr;
}

// file:101-122, 125-133: the op `def` applied again, now to the gathered tensor.
ir::ops::ValResult reapply(ir::Fusion& fusion, const ir::Expr* def, ir::Val* gathered) {
  if (def->op() == ir::OpType::Squeeze) return ir::ops::squeeze(fusion, gathered, def->attrs().dims, false);
  if (def->family() == OpFamily::Cast) return ir::ops::cast(fusion, gathered, def->attrs().dtype);
  return ir::ops::unary(fusion, def->op(), gathered);
}

// file:140-181 moveGatherOp for one step: take_along_axis(def(x), i) → def(take_along_axis(x,
// i')), with i' = unsqueeze(i) and the gather dim shifted when def is a squeeze. Returns the
// new gather, or null when nothing changed.
ir::Expr* moveOneStep(ir::Fusion& fusion, ir::Expr* gather, ir::Expr* def, PassLog& log) {
  std::int64_t dim = gather->attrs().axis;
  ir::Val* index = gather->operand(1);
  const bool isSqueeze = def->op() == ir::OpType::Squeeze;
  if (isSqueeze) {
    const std::int64_t squeezed = def->attrs().dims.front();
    if (squeezed > dim) return nullptr;  // file:142-147: not handled
    std::vector<bool> flags(static_cast<std::size_t>(index->asTensor()->rank() + 1), false);
    flags[static_cast<std::size_t>(squeezed)] = true;
    auto unsqueezed = ir::ops::broadcast(fusion, index, flags);
    if (!unsqueezed) return nullptr;
    index = unsqueezed.value();
    dim += 1;
  }
  const std::string before = gather->toString() + " of " + def->toString();
  auto gathered = ir::ops::gather(fusion, ir::OpType::TakeAlongAxis, def->operand(0), index, dim);
  auto after = gathered ? reapply(fusion, def, gathered.value()) : gathered;
  ir::TensorView* old = gather->output()->asTensor();
  if (!after || !rewrite::replaceTensor(fusion, old, after.value()->asTensor())) {
    ir::Val* last = after ? after.value() : (gathered ? gathered.value() : index);
    if (last != gather->operand(1)) (void)rewrite::removeIfDead(fusion, last->definition());
    return nullptr;
  }
  ir::Expr* moved = gathered.value()->definition();
  log.add("moved " + before + " above it: " + moved->toString() + "; " + after.value()->definition()->toString());
  for (const std::string& removed : rewrite::removeIfDead(fusion, gather)) log.add("removed " + removed);
  return moved;
}

}  // namespace

bool MoveGather::runPass(ir::Fusion& fusion, PassLog& log) {
  // file:236-251: exactly one GatherOp in the fusion, and it must be a take_along_axis
  // (exactSizes); torch.gather-style gathers are left alone.
  std::vector<ir::Expr*> gathers;
  for (ir::Expr* e : fusion.exprs())
    if (e->family() == OpFamily::Gather) gathers.push_back(e);
  if (gathers.size() != 1 || gathers.front()->op() != ir::OpType::TakeAlongAxis) return false;
  // file:206-227: keep moving while the lookup tensor is made by an allowed op.
  bool changed = false;
  for (ir::Expr* gather = gathers.front(); gather;) {
    ir::Expr* def = allowedLookupDef(fusion, gather);
    gather = def ? moveOneStep(fusion, gather, def, log) : nullptr;
    changed = changed || gather;
  }
  return changed;
}

}  // namespace segscope::passes
