// Reduction: reductions with no persistent buffer and no broadcast of their results.
#include <algorithm>
#include <unordered_set>

#include "scheduler/analysis.h"
#include "scheduler/normalization.h"
#include "scheduler/persistent_buffers.h"
#include "scheduler/schedulers.h"

namespace segscope::scheduler::reduction {
namespace {

// isValidReference(reduction_tvs[0], check_inputs=true): the first reduction's input dims
// (iteration and reduced) must cover every dim of every segment input and output.
Verdict checkReference(const SegmentView& view, const analysis::DimGraph& graph, const ir::Expr* first) {
  const ir::Val* in = first->operand(0);
  std::vector<int> classes;
  for (int d = 0; d < in->asTensor()->rank(); ++d) classes.push_back(graph.classOf(in, d));
  if (const ir::Val* v = analysis::uncoveredBy(view, graph, in, classes))
    return Verdict::reject(v->name() + " " + v->asTensor()->shapeString() + " has a dim that " +
                           analysis::describe(first) + " does not iterate over or reduce");
  return Verdict::accept();
}

// supportedPostReductionFusion: after an inner reduction, nothing may read a segment input
// that the reductions do not read.
Verdict checkPostReductionInputs(const SegmentView& view, const std::vector<const ir::Expr*>& reductions) {
  if (analysis::reductionType(view) != analysis::ReductionType::Inner) return Verdict::accept();
  std::unordered_set<const ir::Val*> before, after;
  std::vector<const ir::Val*> stack;
  for (const ir::Expr* r : reductions) stack.push_back(r->operand(0));
  while (!stack.empty()) {
    const ir::Val* v = stack.back();
    stack.pop_back();
    if (!before.insert(v).second) continue;
    if (const ir::Expr* def = view.definitionInside(v))
      stack.insert(stack.end(), def->inputs().begin(), def->inputs().end());
  }
  for (const ir::Expr* r : reductions) after.insert(r->outputs().begin(), r->outputs().end());
  for (const ir::Expr* e : view.exprs) {
    const bool downstream =
        std::any_of(e->inputs().begin(), e->inputs().end(), [&](const ir::Val* v) { return after.count(v); });
    if (!downstream || ir::isReductionOp(e)) continue;
    after.insert(e->outputs().begin(), e->outputs().end());
    for (const ir::Val* in : e->inputs())
      if (in->isTensor() && view.isSegmentInput(in) && !before.count(in))
        return Verdict::reject(analysis::describe(e) + " reads " + in->name() +
                               " after an inner reduction, and the reductions do not read it");
  }
  return Verdict::accept();
}

}  // namespace

// The conditions are nvFuser's; the order differs where that gives a more telling reason
// (persistent buffers and post-reduction broadcasts before the reference check). The checks
// are a conjunction, so the verdict is the same.
Verdict canScheduleCompileTime(const SegmentView& view) {
  const std::vector<const ir::Expr*>& reductions = analysis::reductionExprs(view);
  if (const ir::Val* v = analysis::subByteTensor(view))
    return Verdict::reject(v->name() + " has the sub-byte type " + std::string(ir::dataTypeName(v->dtype())) +
                           ", which this scheduler does not support");
  if (reductions.empty()) return Verdict::reject("the segment has no reduction");
  if (auto v = normalization::checkOpsAndInputs(view); !v) return v;
  const auto buffers = analysis::persistentBuffers(view);
  if (!buffers.empty())
    return Verdict::reject(buffers.front().tv->name() + " is read by " + analysis::describe(buffers.front().reduction) +
                           " and again at " + analysis::describe(buffers.front().resolution) +
                           " after its result is broadcast: a persistent buffer, so a persistent scheduler's case");
  if (auto post = analysis::findPostReductionBroadcast(view))
    return Verdict::reject(analysis::describe(post->reduction) + " is followed by a broadcast of its result (" +
                           analysis::describe(post->resolution) +
                           "): post-reduction broadcast needs a persistent scheduler");
  const analysis::DimGraph graph(view);
  if (auto v = checkReference(view, graph, reductions.front()); !v) return v;
  if (auto v = normalization::checkReductionRootSizes(reductions); !v) return v;
  if (const ir::Expr* other = analysis::unmappedReduction(view, graph, reductions))
    return Verdict::reject(analysis::describe(other) + " does not reduce the dims " +
                           analysis::describe(reductions.front()) + " reduces (un-mapped multi-reduction)");
  return checkPostReductionInputs(view, reductions);
}

// nvFuser accepts every size (csrc/scheduler/reduction.cpp:186-192); the reshape check of its
// compile-time part (:88-102) runs here because it needs the sizes that concretize reshapes.
Verdict canScheduleRunTime(const SegmentView& view, const RuntimeInfo& rt, const DeviceProfile&) {
  return normalization::checkInterferingView(view, analysis::reductionExprs(view).front(), rt);
}

}  // namespace segscope::scheduler::reduction
