// TranslateRepeatToExpand: torch.cat([t] * k, dim) (RoPE's repeated frequencies, GQA's
// repeated key/value heads) is a tiling of t. As broadcast + expand + reshape it reads t
// once through a stride-0 dim instead of copying it k times through a cat, and it leaves
// a pointwise-friendly pattern that later passes (ConsecutiveCast) can see through.
#include "passes/translate_repeat_to_expand.h"

#include <algorithm>

#include "ir/ops.h"
#include "passes/tensor_rewrite.h"

namespace segscope::passes {
namespace {

using ir::OpFamily;
using ir::SymInt;

// The one tensor every operand of `cat` repeats, or null.
ir::TensorView* repeatedTensor(const ir::Expr* cat) {
  if (cat->numOperands() < 2) return nullptr;
  for (std::size_t i = 1; i < cat->numOperands(); ++i)
    if (cat->operand(i) != cat->operand(0)) return nullptr;
  return cat->operand(0)->asTensor();
}

}  // namespace

bool TranslateRepeatToExpand::runPass(ir::Fusion& fusion, PassLog& log) {
  bool changed = false;
  std::vector<int> ids;
  for (const ir::Expr* e : fusion.exprs()) ids.push_back(e->id());
  for (int id : ids) {
    ir::Expr* e = fusion.exprById(id);
    if (!e || e->family() != OpFamily::Cat) continue;
    ir::TensorView* t = repeatedTensor(e);
    ir::TensorView* out = e->output()->asTensor();
    if (!t || !out) continue;
    const auto axis = static_cast<std::size_t>(e->attrs().axis);
    const auto k = static_cast<std::int64_t>(e->numOperands());
    const auto rank = static_cast<std::size_t>(t->rank());
    // broadcast: a new size-1 dim right before `axis`, so the copies lie outermost in the
    // merged dim (t, t, ..., t rather than each element repeated).
    std::vector<bool> isBroadcast(rank + 1, false);
    isBroadcast[axis] = true;
    auto b = ir::ops::broadcast(fusion, t, isBroadcast);
    if (!b) continue;
    std::vector<SymInt> expandShape(rank + 1, SymInt::constant(-1));
    expandShape[axis] = SymInt::constant(k);
    auto x = ir::ops::expand(fusion, b.value(), expandShape);
    std::vector<SymInt> newShape;
    for (std::size_t d = 0; d < rank; ++d) {
      const SymInt& extent = t->dim(d).extent;
      newShape.push_back(d != axis ? extent
                                   : (extent.isConst() ? SymInt::constant(k * extent.value) : SymInt::constant(-1)));
    }
    auto r = x ? ir::ops::reshape(fusion, x.value(), newShape) : ir::ops::ValResult(x.error());
    if (!r || !rewrite::replaceTensor(fusion, out, r.value()->asTensor())) {
      ir::Val* last = r ? r.value() : (x ? x.value() : b.value());
      (void)rewrite::removeIfDead(fusion, last->definition());
      continue;
    }
    const std::string catText = e->toString();
    log.add("translated " + catText + " (" + t->name() + " repeated " + std::to_string(k) +
            " times) into broadcast + expand + reshape: " + b.value()->definition()->toString() + "; " +
            x.value()->definition()->toString() + "; " + r.value()->definition()->toString());
    for (const std::string& removed : rewrite::removeIfDead(fusion, e)) log.add("removed " + removed);
    changed = true;
  }
  return changed;
}

}  // namespace segscope::passes
