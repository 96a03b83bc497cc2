// Reduction properties and vectorization (see reduction_properties.h).
#include "scheduler/reduction_properties.h"

#include <algorithm>

#include "scheduler/analysis.h"

namespace segscope::scheduler::analysis {
namespace {

bool isReducedDim(const ir::Expr* r, int d) {
  const auto& dims = r->attrs().dims;
  return std::find(dims.begin(), dims.end(), d) != dims.end();
}

// csrc/scheduler/utils.h:65 maxVectorizationWidth: the largest power of two dividing n.
std::int64_t maxVectorizationWidth(std::int64_t n) {
  if (n == 0) return std::int64_t{1} << 62;
  return n & (~(n - 1));
}

// Whether dim `d` of `tv` is contiguous with the one inside it in memory; intermediates are.
bool contiguousAt(const SegmentView& view, const ir::Val* tv, const std::vector<int>& order, std::size_t pos) {
  if (!view.isSegmentInput(tv)) return true;
  const auto& c = tv->asTensor()->contiguity();
  if (c.size() != order.size()) return true;
  return c[pos].value_or(true);
}

// getInputsOutputsWithInnerDim skips a lookup tensor only read by gathers.
bool onlyGatherLookup(const SegmentView& view, const ir::Val* tv) {
  const auto uses = view.usesInside(tv);
  return !uses.empty() && std::all_of(uses.begin(), uses.end(),
                                      [&](const ir::Expr* e) { return ir::isIndexOp(e) && e->operand(0) == tv; });
}

}  // namespace

ReductionProperties reductionProperties(const SegmentView& view, const ir::Expr* reduction, const RuntimeInfo& rt) {
  ReductionProperties p;
  const ir::Val* in = reduction->operand(0);
  const auto sizes = rt.sizes(in);
  auto extent = [&](int d) -> std::int64_t {
    if (in->asTensor()->dim(static_cast<std::size_t>(d)).isBroadcast() || !sizes) return 1;
    return (*sizes)[static_cast<std::size_t>(d)];
  };
  p.fastestDimReduction = isFastestDimReduction(view, reduction);
  bool currentIsReduction = p.fastestDimReduction;
  const std::vector<int> order = allocationOrder(view, in->asTensor());
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    if (in->asTensor()->dim(static_cast<std::size_t>(*it)).isBroadcast()) continue;
    if (isReducedDim(reduction, *it) != currentIsReduction) {
      ++p.dimensionality;
      currentIsReduction = !currentIsReduction;
    } else if (p.dimensionality == 1) {
      p.innerMostDimensionNumel *= extent(*it);
      ++p.innerMostDimensionNdims;
    }
  }
  for (int d = 0; d < in->asTensor()->rank(); ++d)
    (isReducedDim(reduction, d) ? p.totalReductionNumel : p.totalIterationNumel) *= extent(d);
  return p;
}

std::int64_t vectorizationFactor(const SegmentView& view, const ir::Val* reference, int innerNdims,
                                 const RuntimeInfo& rt) {
  const DimGraph graph(view);
  const std::vector<int> refOrder = allocationOrder(view, reference->asTensor());
  std::vector<int> innerClasses;
  for (auto it = refOrder.rbegin(); it != refOrder.rend() && static_cast<int>(innerClasses.size()) < innerNdims; ++it)
    if (!reference->asTensor()->dim(static_cast<std::size_t>(*it)).isBroadcast())
      innerClasses.push_back(graph.classOf(reference, *it));
  const int refInner = innermostDim(view, reference->asTensor());
  if (refInner < 0 || innerClasses.empty()) return 1;
  const int refInnerClass = graph.classOf(reference, refInner);

  std::vector<const ir::Val*> candidates(view.outputs.begin(), view.outputs.end());
  for (const ir::Val* in : view.inputs)
    if (!onlyGatherLookup(view, in)) candidates.push_back(in);
  std::int64_t factor = 16;
  bool any = false;
  for (const ir::Val* tv : candidates) {
    if (!tv->isTensor()) continue;
    const int inner = innermostDim(view, tv->asTensor());
    if (inner < 0 || graph.classOf(tv, inner) != refInnerClass) continue;
    any = true;
    factor = std::min<std::int64_t>(factor, 16 / std::max(1, ir::byteSize(tv->dtype())));
    // The contiguous extent this tensor has along the reference's inner dims.
    const std::vector<int> order = allocationOrder(view, tv->asTensor());
    const auto sizes = rt.sizes(tv);
    std::int64_t extent = 1;
    for (std::size_t pos = order.size(); pos-- > 0;) {
      const int d = order[pos];
      if (tv->asTensor()->dim(static_cast<std::size_t>(d)).isBroadcast()) continue;
      if (std::find(innerClasses.begin(), innerClasses.end(), graph.classOf(tv, d)) == innerClasses.end()) break;
      if (!contiguousAt(view, tv, order, pos)) break;
      extent *= sizes ? (*sizes)[static_cast<std::size_t>(d)] : 1;
    }
    factor = std::min(factor, maxVectorizationWidth(extent));
  }
  return any ? std::max<std::int64_t>(1, factor) : 1;
}

}  // namespace segscope::scheduler::analysis
