// Transpose: inputs/outputs whose innermost dims differ, tiled through shared memory.
#include <algorithm>

#include "scheduler/analysis.h"
#include "scheduler/schedulers.h"

namespace segscope::scheduler::transpose {
namespace {

constexpr std::int64_t kTileSize = 32;  // TransposeParams::getDefaultTileSize()
constexpr std::int64_t kTileElements = kTileSize * kTileSize;

// The two groups' references: the highest-rank tensor of each of the first two groups.
struct References {
  const ir::Val* ref1 = nullptr;
  const ir::Val* ref2 = nullptr;
};

const ir::Val* largest(const std::vector<const ir::Val*>& group) {
  return *std::max_element(group.begin(), group.end(), [](const ir::Val* a, const ir::Val* b) {
    return a->asTensor()->rank() < b->asTensor()->rank();
  });
}

std::vector<int> allocationClasses(const SegmentView& view, const analysis::DimGraph& graph, const ir::Val* v) {
  return graph.classes(v, analysis::allocationOrder(view, v->asTensor()));
}

bool isSubsequence(const std::vector<int>& small, const std::vector<int>& big) {
  std::size_t k = 0;
  for (int c : big)
    if (k < small.size() && small[k] == c) ++k;
  return k == small.size();
}

// Position in ref1 of the dim that maps to ref2's innermost dim, or -1.
int dimOfInner2InRef1(const SegmentView& view, const analysis::DimGraph& graph, const References& refs) {
  const int inner2 = graph.classOf(refs.ref2, analysis::innermostDim(view, refs.ref2->asTensor()));
  for (int d = 0; d < refs.ref1->asTensor()->rank(); ++d)
    if (graph.classOf(refs.ref1, d) == inner2) return d;
  return -1;
}

Result<References> findReferences(const SegmentView& view, const analysis::DimGraph& graph) {
  const auto groups = analysis::innerDimGroups(view, graph);
  if (groups.size() < 2)
    return makeError("every input and output has the same innermost dim (" + std::to_string(groups.size()) +
                     " inner-dim group): nothing to transpose");
  References refs{largest(groups[0]), largest(groups[1])};
  if (dimOfInner2InRef1(view, graph, refs) < 0)
    return makeError(refs.ref1->name() + " has no dim mapped to the innermost dim of " + refs.ref2->name());
  const auto c1 = allocationClasses(view, graph, refs.ref1);
  const auto c2 = allocationClasses(view, graph, refs.ref2);
  if (isSubsequence(c1, c2) || isSubsequence(c2, c1))
    return makeError("the inner-dim groups of " + refs.ref1->name() + " and " + refs.ref2->name() +
                     " come from broadcasting, not from a transpose: a pointwise case");
  return refs;
}

const ir::Expr* indexOnInnermost(const SegmentView& view) {
  for (const ir::Expr* e : view.exprs)
    if (ir::isIndexOp(e) && e->attrs().axis == analysis::innermostDim(view, e->operand(0)->asTensor())) return e;
  return nullptr;
}

}  // namespace

Verdict canScheduleCompileTime(const SegmentView& view) {
  if (const ir::Val* v = analysis::subByteTensor(view))
    return Verdict::reject(v->name() + " has the sub-byte type " + std::string(ir::dataTypeName(v->dtype())) +
                           ", which this scheduler does not support");
  if (auto why = analysis::memoryPromotionViolation(view)) return Verdict::reject(*why);
  if (const ir::Expr* e = indexOnInnermost(view))
    return Verdict::reject(analysis::describe(e) + " indexes the innermost dim of " + e->operand(0)->name());
  if (const ir::Expr* r = analysis::firstExprWhere(view, ir::isReductionOp))
    return Verdict::reject(analysis::describe(r) + " is a reduction; transpose takes none");
  if (const ir::Val* v = analysis::nonUniqueBroadcast(view))
    return Verdict::reject(v->name() + " " + v->asTensor()->shapeString() +
                           " has a broadcast dim that its uses expand to different extents (non-unique broadcast)");
  const analysis::DimGraph graph(view);
  auto refs = findReferences(view, graph);
  if (!refs) return Verdict::reject(refs.error().message);
  return Verdict::accept();
}

Verdict canScheduleRunTime(const SegmentView& view, const RuntimeInfo& rt, const DeviceProfile& device) {
  const analysis::DimGraph graph(view);
  auto refs = findReferences(view, graph);
  if (!refs) return Verdict::reject(refs.error().message);
  const ir::Val* ref1 = refs->ref1;
  const auto sizes = rt.sizes(ref1);
  if (!sizes) return Verdict::reject("the size of " + ref1->name() + " is unknown");
  const std::int64_t elems = rt.numel(ref1);
  if (elems < device.smCount * kTileElements)
    return Verdict::reject(ref1->name() + " has " + std::to_string(elems) + " elements, under " +
                           std::to_string(device.smCount) +
                           " SMs x 1024: transpose does not pay off on small problems");
  const int d1 = analysis::innermostDim(view, ref1->asTensor());
  const int d2 = dimOfInner2InRef1(view, graph, *refs);
  const std::int64_t inner1 = (*sizes)[static_cast<std::size_t>(d1)];
  const std::int64_t inner2 = (*sizes)[static_cast<std::size_t>(d2)];
  // With the dims between the two inner dims folded in, the tile must still fill 32x32.
  const auto order = analysis::allocationOrder(view, ref1->asTensor());
  const auto from = std::find(order.begin(), order.end(), d2);
  std::int64_t span = 1;
  for (auto it = from; it != order.end(); ++it) span *= (*sizes)[static_cast<std::size_t>(*it)];
  if (inner1 * inner2 < kTileElements && span < kTileElements)
    return Verdict::reject("the transposed inner dims (" + std::to_string(inner1) + " x " + std::to_string(inner2) +
                           ") are too small to fill a 32x32 tile: pointwise coalesces better");
  // csrc/scheduler/transpose.cpp:323-348 with transpose_utils.cpp:48-85: when more than one
  // wave of tiles is needed and an inner dim is smaller than its tile, nvFuser would build a
  // virtual inner dim by merging others in, which it cannot do across a reshape.
  const std::int64_t waveElements =
      device.smCount * std::min<std::int64_t>(inner1, kTileSize) * std::min<std::int64_t>(inner2, kTileSize);
  if (analysis::firstExprWhere(view, ir::isViewOp) && waveElements < elems &&
      (inner1 < kTileSize || inner2 < kTileSize))
    return Verdict::reject("an inner dim (" + std::to_string(inner1) + " x " + std::to_string(inner2) +
                           ") is smaller than the 32-wide tile and the segment has a reshape: small transpose "
                           "dimensions with a view op are left to pointwise (nvFuser PR #592)");
  if (inner1 == 0 || inner2 == 0 || elems / inner1 < kTileSize || elems / inner2 < kTileSize)
    return Verdict::reject("fewer than 32 rows outside an inner dim of " + ref1->name() + " (nvFuser indexing limit)");
  return Verdict::accept();
}

}  // namespace segscope::scheduler::transpose
