// ExprEval: segments the host evaluates with ATen instead of a generated kernel.
#include <algorithm>

#include "scheduler/analysis.h"
#include "scheduler/schedulers.h"

namespace segscope::scheduler::expr_eval {
namespace {

bool isHostOp(const ir::Expr* e) {
  return ir::isExprEvalOnlyOp(e) || ir::isMatmulOp(e) || e->family() == ir::OpFamily::Gather;
}

// The first tensor output that is neither a segment input nor a view of one.
const ir::Val* firstComputedOutput(const SegmentView& view) {
  for (const ir::Val* out : view.outputs)
    if (out->isTensor() && !analysis::isAliasOfInput(view, out)) return out;
  return nullptr;
}

}  // namespace

Verdict canScheduleCompileTime(const SegmentView& view) {
  // All outputs are views of inputs (vacuously true without tensor outputs): pointer arithmetic.
  const ir::Val* computed = firstComputedOutput(view);
  if (!computed) return Verdict::accept();
  if (view.exprs.size() == 1 && isHostOp(view.exprs.front())) return Verdict::accept();
  return Verdict::reject(computed->name() + " is computed, not a view of a segment input, and the segment has " +
                         std::to_string(view.exprs.size()) +
                         " exprs: expr_eval only takes views of inputs, scalar-only work, or a single "
                         "matmul/linear/sdpa/embedding/gather/cumsum");
}

// With the run-time sizes a dynamic reshape has its real splits and merges, and one that
// merges non-contiguous dims is a copy, not pointer arithmetic (csrc/alias_analysis.cpp:150-166).
Verdict canScheduleRunTime(const SegmentView& view, const RuntimeInfo& rt, const DeviceProfile&) {
  if (view.exprs.size() == 1 && isHostOp(view.exprs.front())) return Verdict::accept();
  for (const ir::Val* out : view.outputs)
    if (out->isTensor() && !analysis::isAliasOfInput(view, out, &rt))
      return Verdict::reject(out->name() +
                             " needs a copy with the run-time sizes (its reshape merges dims the input's "
                             "layout keeps apart): expr_eval only takes views of inputs");
  return Verdict::accept();
}

}  // namespace segscope::scheduler::expr_eval
