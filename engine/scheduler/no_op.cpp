// NoOp: segments with nothing to compute (empty outputs, only broadcast-shaped outputs).
#include <algorithm>

#include "scheduler/analysis.h"
#include "scheduler/schedulers.h"

namespace segscope::scheduler::no_op {
namespace {

bool hasZeroDim(const ir::Val* v) {
  const auto& dims = v->asTensor()->dims();
  return std::any_of(dims.begin(), dims.end(),
                     [](const ir::Dim& d) { return !d.isBroadcast() && d.extent.isConst(0); });
}

// nvFuser's Fusion::isNoOp: no exprs, or every tensor output is statically empty.
bool isNoOp(const SegmentView& view) {
  if (view.exprs.empty()) return true;
  bool anyTensor = false;
  for (const ir::Val* out : view.outputs) {
    if (!out->isTensor()) continue;
    anyTensor = true;
    if (!hasZeroDim(out)) return false;
  }
  return anyTensor;
}

}  // namespace

Verdict canScheduleCompileTime(const SegmentView& view) {
  if (isNoOp(view)) return Verdict::accept();
  // A reduction with a non-empty result has to produce values (even over an empty axis).
  for (const ir::Expr* r : analysis::reductionExprs(view))
    for (const ir::Val* out : r->outputs())
      if (out->isTensor() && !hasZeroDim(out))
        return Verdict::reject(analysis::describe(r) + " has a non-empty result " + out->name() +
                               ": a reduction of non-zero elements is work to do");
  for (const ir::Val* out : view.outputs) {
    if (!out->isTensor()) continue;
    const auto& dims = out->asTensor()->dims();
    if (std::any_of(dims.begin(), dims.end(), [](const ir::Dim& d) { return !d.isBroadcast(); }))
      return Verdict::reject("output " + out->name() + " " + out->asTensor()->shapeString() +
                             " has a concrete dimension, so it has to be computed");
  }
  if (auto why = analysis::memoryPromotionViolation(view)) return Verdict::reject(*why);
  return Verdict::accept();
}

Verdict canScheduleRunTime(const SegmentView&, const RuntimeInfo&, const DeviceProfile&) { return Verdict::accept(); }

}  // namespace segscope::scheduler::no_op
