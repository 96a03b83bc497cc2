// InnerOuterPersistent: inner and outer reductions of shared inputs in one kernel.
#include <algorithm>
#include <unordered_set>

#include "scheduler/normalization.h"
#include "scheduler/schedulers.h"
#include "support/text.h"

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

// Tensors (and segment inputs) the reductions are computed from.
std::unordered_set<const ir::Val*> upstreamOf(const SegmentView& view, const std::vector<const ir::Expr*>& reductions) {
  std::unordered_set<const ir::Val*> set;
  std::vector<const ir::Val*> stack;
  for (const ir::Expr* r : reductions) stack.push_back(r->operand(0));
  while (!stack.empty()) {
    const ir::Val* v = stack.back();
    stack.pop_back();
    if (!set.insert(v).second) continue;
    if (const ir::Expr* def = view.definitionInside(v))
      stack.insert(stack.end(), def->inputs().begin(), def->inputs().end());
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

// csrc/scheduler/utils.cpp:2924 getAllTvsFrom: tensors reachable from `from` through
// consumers, siblings and producers, never entering `cutoff` (`from` itself only when reached
// again from a neighbour). In the order they are reached: a reason that names the first shared
// tensor must not depend on where the heap put the values (as iterating a set of them did).
std::vector<const ir::Val*> allTvsFrom(const SegmentView& view, const std::vector<const ir::Val*>& from,
                                       const std::unordered_set<const ir::Val*>& cutoff) {
  std::unordered_set<const ir::Val*> group;
  std::vector<const ir::Val*> reached;
  std::vector<const ir::Val*> queue(from.begin(), from.end());
  auto visit = [&](const ir::Val* v) {
    if (!v->isTensor() || cutoff.count(v) || !group.insert(v).second) return;
    queue.push_back(v);
    reached.push_back(v);
  };
  for (std::size_t i = 0; i < queue.size(); ++i) {
    const ir::Val* tv = queue[i];
    for (const ir::Expr* use : view.usesInside(tv))
      for (const ir::Val* c : use->outputs()) visit(c);
    if (const ir::Expr* def = view.definitionInside(tv)) {
      for (const ir::Val* sibling : def->outputs())
        if (sibling != tv) visit(sibling);
      for (const ir::Val* p : def->inputs()) visit(p);
    }
  }
  return reached;
}

// csrc/scheduler/normalization_utils.cpp:562-589 hasSharedInput.
Verdict checkSharedInput(const SegmentView& view, const Split& s) {
  const auto innerUp = upstreamOf(view, s.inner), outerUp = upstreamOf(view, s.outer);
  const bool shared = std::any_of(view.inputs.begin(), view.inputs.end(),
                                  [&](const ir::Val* v) { return innerUp.count(v) && outerUp.count(v); });
  if (!shared) return Verdict::reject("the inner and outer reductions share no segment input");
  return Verdict::accept();
}

// csrc/scheduler/normalization_utils.cpp:591-612 isConnectedOnlyThroughReductionProducer:
// what hangs off the inner reductions (not passing the outer results) and what hangs off each
// outer reduction (cut at its producers, which are computed with the inner reductions) must
// not meet.
Verdict checkConnection(const SegmentView& view, const Split& s) {
  std::vector<const ir::Val*> innerTvs, outerTvs;
  for (const ir::Expr* r : s.inner) innerTvs.push_back(r->output());
  for (const ir::Expr* r : s.outer) outerTvs.push_back(r->output());
  const std::vector<const ir::Val*> fromInner = allTvsFrom(view, innerTvs, {outerTvs.begin(), outerTvs.end()});
  std::unordered_set<const ir::Val*> seen(fromInner.begin(), fromInner.end());
  for (const ir::Expr* r : s.outer) {
    std::unordered_set<const ir::Val*> producers;
    for (const ir::Val* p : r->inputs())
      if (p->isTensor()) producers.insert(p);
    for (const ir::Val* tv : allTvsFrom(view, {r->output()}, producers))
      if (!seen.insert(tv).second)
        return Verdict::reject(tv->name() + " is reached from " + analysis::describe(r) +
                               " without passing its producers, and from another reduction too: the inner and "
                               "outer reductions may share no consumer, nor their consumers a producer other than "
                               "the outer reductions' inputs (isConnectedOnlyThroughReductionProducer)");
  }
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
    if (innerIn->dim(static_cast<std::size_t>(d)).isBroadcast() || std::find(dims.begin(), dims.end(), d) != dims.end())
      continue;
    if (std::find(outerReduced.begin(), outerReduced.end(), graph.classOf(innerIn, d)) == outerReduced.end())
      return Verdict::reject("dim " + std::to_string(d) + " that " + analysis::describe(inner) +
                             " iterates over is not reduced by " + analysis::describe(outer));
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
  if (auto v = checkSharedInput(view, s); !v) return v;
  if (auto v = checkConnection(view, s); !v) return v;
  if (auto v = normalization::checkReductionRootSizes(analysis::reductionExprs(view)); !v) return v;
  if (auto v = checkAxes(view, s); !v) return v;
  if (auto v = normalization::requirePersistentBuffer(analysis::persistentBuffers(view)); !v) return v;
  return normalization::checkPostReductionBroadcast(view);
}

Verdict canScheduleRunTime(const SegmentView& view, const RuntimeInfo& rt, const DeviceProfile& device) {
  const Split s = splitReductions(view);
  if (auto v = normalization::checkInterferingView(view, s.inner.front(), rt); !v) return v;
  const auto size = analysis::persistentBufferSize(view, rt);
  const std::int64_t regBudget = normalization::registerBudgetBytes(device);
  // Buffers go to registers first and spill to shared memory (getPersistentBufferStorageParams).
  const std::int64_t budget = regBudget + normalization::sharedMemoryBudgetBytes(device);
  const std::int64_t buffer =
      normalization::chosenBufferBytes(size, budget, SchedulerType::InnerOuterPersistent, device);
  if (buffer > budget)
    return Verdict::reject("persistent buffer " + size.largestName + " needs " + support::exactBytesText(buffer) +
                           " per row, over the " + support::exactBytesText(budget) +
                           " register + shared-memory budget of " + device.name);
  return normalization::checkEnoughBlocks(s.inner.front(), true, rt, device);
}

}  // namespace segscope::scheduler::inner_outer_persistent
