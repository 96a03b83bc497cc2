// Resize: pointwise segments with slice/pad/cat, the only kernels that may resize intermediates.
#include <algorithm>
#include <unordered_set>

#include "scheduler/analysis.h"
#include "scheduler/schedulers.h"

namespace segscope::scheduler::resize {
namespace {

// A resize that turns a concrete dim into a broadcast one (a slice down to size 1).
const ir::Expr* resizeMakingBroadcast(const SegmentView& view) {
  for (const ir::Expr* e : view.exprs) {
    if (!ir::isResizeOp(e)) continue;
    const ir::TensorView* out = e->output()->asTensor();
    const ir::TensorView* in = e->operand(0)->asTensor();
    for (int d = 0; d < out->rank(); ++d)
      if (out->dim(static_cast<std::size_t>(d)).isBroadcast() && !in->dim(static_cast<std::size_t>(d)).isBroadcast())
        return e;
  }
  return nullptr;
}

std::vector<const ir::Expr*> resizesBehind(const SegmentView& view, const ir::Val* out) {
  std::vector<const ir::Expr*> found;
  std::unordered_set<const ir::Val*> seen;
  std::vector<const ir::Val*> stack{out};
  while (!stack.empty()) {
    const ir::Val* v = stack.back();
    stack.pop_back();
    if (!seen.insert(v).second) continue;
    const ir::Expr* def = view.definitionInside(v);
    if (!def) continue;
    if (ir::isResizeOp(def)) found.push_back(def);
    stack.insert(stack.end(), def->inputs().begin(), def->inputs().end());
  }
  std::sort(found.begin(), found.end(), [](const ir::Expr* a, const ir::Expr* b) { return a->id() < b->id(); });
  return found;
}

// All outputs must see the same resizes (nvFuser: no resize between the reference and
// another output in the broadcast graph).
const ir::Val* outputWithOtherResizes(const SegmentView& view, const ir::Val* ref) {
  const auto refResizes = resizesBehind(view, ref);
  for (const ir::Val* out : view.outputs)
    if (out->isTensor() && out != ref && resizesBehind(view, out) != refResizes) return out;
  return nullptr;
}

}  // namespace

Verdict canScheduleCompileTime(const SegmentView& view) {
  if (const ir::Val* v = analysis::subByteTensor(view))
    return Verdict::reject(v->name() + " has the sub-byte type " + std::string(ir::dataTypeName(v->dtype())) +
                           ", which this scheduler does not support");
  if (!analysis::firstExprWhere(view, ir::isResizeOp)) return Verdict::reject("the segment has no slice, pad or cat");
  if (const ir::Expr* r = analysis::firstExprWhere(view, ir::isReductionOp))
    return Verdict::reject(analysis::describe(r) + " is a reduction; resize takes none");
  if (const ir::Val* v = analysis::nonUniqueBroadcast(view))
    return Verdict::reject(v->name() + " " + v->asTensor()->shapeString() +
                           " has a broadcast dim that its uses expand to different extents (non-unique broadcast)");
  if (const ir::Expr* e = resizeMakingBroadcast(view))
    return Verdict::reject(analysis::describe(e) + " produces a broadcast dim");
  const analysis::DimGraph graph(view);
  const ir::Val* ref = analysis::referenceTensor(view, graph);
  if (!ref)
    return Verdict::reject("no segment output covers every dim of the inputs and outputs (no reference tensor)");
  if (const ir::Val* other = outputWithOtherResizes(view, ref))
    return Verdict::reject("outputs " + ref->name() + " and " + other->name() +
                           " go through different slices/pads/cats");
  const auto groups = analysis::innerDimGroups(view, graph);
  if (groups.size() >= 2)
    return Verdict::reject(groups[0].front()->name() + " and " + groups[1].front()->name() +
                           " have different innermost dims: a transpose pattern, which resize does not take");
  return Verdict::accept();
}

Verdict canScheduleRunTime(const SegmentView&, const RuntimeInfo&, const DeviceProfile&) { return Verdict::accept(); }

}  // namespace segscope::scheduler::resize
