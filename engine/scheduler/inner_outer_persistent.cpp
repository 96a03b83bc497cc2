// InnerOuterPersistent: inner and outer reductions of shared inputs in one kernel.
#include <algorithm>
#include <unordered_set>

#include "scheduler/normalization.h"
#include "scheduler/schedulers.h"

namespace segscope::scheduler::inner_outer_persistent {
namespace {

struct Split {
  std::vector<const ir::Expr*> inner, outer;
};

Split splitReductions(const SegmentView& view) {
  Split s;
  for (const ir::Expr* r : analysis::reductionExprs(view))
    (analysis::isFastestDimReduction(view, r) ? s.inner : s.outer).push_back(r);
  return s;
}

// Reduced dims form the suffix ([I.., R..], inner) or the prefix ([R.., I..], outer) of
// the input's non-broadcast dims.
bool reducesEdge(const ir::Expr* r, bool suffix) {
  const ir::TensorView* in = r->operand(0)->asTensor();
  std::vector<bool> reduced;
  for (int d = 0; d < in->rank(); ++d) {
    if (in->dim(static_cast<std::size_t>(d)).isBroadcast()) continue;
    const auto& dims = r->attrs().dims;
    reduced.push_back(std::find(dims.begin(), dims.end(), d) != dims.end());
  }
  if (suffix) std::reverse(reduced.begin(), reduced.end());
  const auto firstKept = std::find(reduced.begin(), reduced.end(), false);
  return std::find(firstKept, reduced.end(), true) == reduced.end();
}

std::unordered_set<const ir::Val*> closure(const SegmentView& view, const std::vector<const ir::Expr*>& reductions, bool forward) {
  std::unordered_set<const ir::Val*> set;
  if (forward) {
    for (const ir::Expr* r : reductions) set.insert(r->outputs().begin(), r->outputs().end());
    for (const ir::Expr* e : view.exprs)
      if (std::any_of(e->inputs().begin(), e->inputs().end(), [&](const ir::Val* v) { return set.count(v); }))
        set.insert(e->outputs().begin(), e->outputs().end());
    return set;
  }
  std::vector<const ir::Val*> stack;
  for (const ir::Expr* r : reductions) stack.push_back(r->operand(0));
  while (!stack.empty()) {
    const ir::Val* v = stack.back();
    stack.pop_back();
    if (!set.insert(v).second) continue;
    if (const ir::Expr* def = view.definitionInside(v)) stack.insert(stack.end(), def->inputs().begin(), def->inputs().end());
  }
  return set;
}

Verdict checkShapes(const Split& s) {
  for (const ir::Expr* r : s.inner)
    if (!reducesEdge(r, true)) return Verdict::reject(analysis::describe(r) + " is not of the form [I.., R..]");
  for (const ir::Expr* r : s.outer)
    if (!reducesEdge(r, false)) return Verdict::reject(analysis::describe(r) + " is not of the form [R.., I..]");
  return Verdict::accept();
}

// hasSharedInput and isConnectedOnlyThroughReductionProducer.
Verdict checkSharing(const SegmentView& view, const Split& s) {
  const auto innerUp = closure(view, s.inner, false), outerUp = closure(view, s.outer, false);
  const bool shared = std::any_of(view.inputs.begin(), view.inputs.end(),
                                  [&](const ir::Val* v) { return innerUp.count(v) && outerUp.count(v); });
  if (!shared) return Verdict::reject("the inner and outer reductions share no segment input");
  const auto innerDown = closure(view, s.inner, true), outerDown = closure(view, s.outer, true);
  for (const ir::Val* v : innerDown)
    if (outerDown.count(v))
      return Verdict::reject(v->name() + " depends on both an inner and an outer reduction; they may only meet in their producers");
  return Verdict::accept();
}

// isReductionIterationAxisMatched: the inner reduction's rows are what the outer one reduces.
Verdict checkAxes(const SegmentView& view, const Split& s) {
  const analysis::DimGraph graph(view);
  const ir::Expr* inner = s.inner.front();
  const ir::Expr* outer = s.outer.front();
  const ir::TensorView* innerIn = inner->operand(0)->asTensor();
  const ir::TensorView* outerIn = outer->operand(0)->asTensor();
  std::vector<int> outerReduced;
  for (std::int64_t d : outer->attrs().dims) outerReduced.push_back(graph.classOf(outerIn, static_cast<int>(d)));
  for (int d = 0; d < innerIn->rank(); ++d) {
    const auto& dims = inner->attrs().dims;
    if (innerIn->dim(static_cast<std::size_t>(d)).isBroadcast() || std::find(dims.begin(), dims.end(), d) != dims.end()) continue;
    if (std::find(outerReduced.begin(), outerReduced.end(), graph.classOf(innerIn, d)) == outerReduced.end())
      return Verdict::reject("dim " + std::to_string(d) + " that " + analysis::describe(inner) + " iterates over is not reduced by " +
                             analysis::describe(outer));
  }
  if (const ir::Expr* r = analysis::unmappedReduction(view, graph, s.inner))
    return Verdict::reject(analysis::describe(r) + " does not reduce the dims the other inner reductions reduce");
  if (const ir::Expr* r = analysis::unmappedReduction(view, graph, s.outer))
    return Verdict::reject(analysis::describe(r) + " does not reduce the dims the other outer reductions reduce");
  return Verdict::accept();
}

}  // namespace

Verdict canScheduleCompileTime(const SegmentView& view) {
  if (const ir::Val* v = analysis::subByteTensor(view))
    return Verdict::reject(v->name() + " has the sub-byte type " + std::string(ir::dataTypeName(v->dtype())) +
                           ", which this scheduler does not support");
  if (auto v = normalization::checkOpsAndInputs(view); !v) return v;
  if (auto v = normalization::checkReductionType(view, SchedulerType::InnerOuterPersistent); !v) return v;
  const Split s = splitReductions(view);
  if (auto v = checkShapes(s); !v) return v;
  if (auto v = checkSharing(view, s); !v) return v;
  if (auto v = checkAxes(view, s); !v) return v;
  return normalization::requirePersistentBuffer(analysis::persistentBuffers(view));
}

Verdict canScheduleRunTime(const SegmentView& view, const RuntimeInfo& rt, const DeviceProfile& device) {
  const Split s = splitReductions(view);
  const auto size = analysis::persistentBufferSize(view, analysis::persistentBuffers(view), rt);
  const std::int64_t regBudget = normalization::registerBudgetBytes(device);
  // Buffers go to registers first and spill to shared memory (getPersistentBufferStorageParams).
  const std::int64_t budget = regBudget + normalization::sharedMemoryBudgetBytes(device);
  const std::int64_t buffer = normalization::chosenBufferBytes(size, budget);
  if (buffer > budget)
    return Verdict::reject("persistent buffer " + size.largestName + " needs " + analysis::formatBytes(buffer) +
                           " per row, over the " + analysis::formatBytes(budget) + " register + shared-memory budget of " +
                           device.name);
  return normalization::checkEnoughBlocks(s.inner.front(), true, rt, device);
}

}  // namespace segscope::scheduler::inner_outer_persistent
