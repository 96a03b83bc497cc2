// PointWise: elementwise segments with a reference output that covers every dim.
#include "scheduler/analysis.h"
#include "scheduler/schedulers.h"

namespace segscope::scheduler::pointwise {

// nvFuser checks the reference tensor before reductions; the checks are a conjunction, so
// the verdict is the same either way, and "has a reduction" is the more telling reason.
Verdict canScheduleCompileTime(const SegmentView& view) {
  if (const ir::Expr* r = analysis::firstExprWhere(view, ir::isReductionOp))
    return Verdict::reject(analysis::describe(r) + " is a reduction; pointwise takes none");
  // csrc/scheduler/tools/domain_map.cpp:393-447 isValidReference: the reference must cover every
  // input and output dim through the EXACT map, where a broadcast never stands for a real dim.
  const analysis::DimGraph graph(view, analysis::DimGraph::Mode::Exact);
  if (!analysis::referenceTensor(view, graph))
    return Verdict::reject(
        "no segment output covers every dim of the inputs and outputs, so there is no reference "
        "tensor to schedule from");
  if (auto why = analysis::memoryPromotionViolation(view)) return Verdict::reject(*why);
  if (const ir::Val* v = analysis::nonUniqueBroadcast(view))
    return Verdict::reject(v->name() + " " + v->asTensor()->shapeString() +
                           " has a broadcast dim that its uses expand to different extents (non-unique broadcast)");
  return Verdict::accept();
}

Verdict canScheduleRunTime(const SegmentView&, const RuntimeInfo&, const DeviceProfile&) { return Verdict::accept(); }

}  // namespace segscope::scheduler::pointwise
