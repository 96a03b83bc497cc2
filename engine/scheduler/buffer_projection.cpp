// Projection of persistent buffers onto segment inputs (see buffer_projection.h).
#include "scheduler/buffer_projection.h"

#include <algorithm>
#include <unordered_set>

#include "scheduler/analysis.h"
#include "scheduler/view_memo.h"

namespace segscope::scheduler::analysis {
namespace {

bool isBroadcastDef(const ir::Expr* e) {
  return e && (e->family() == ir::OpFamily::Broadcast || e->family() == ir::OpFamily::BroadcastInDim);
}

// csrc/scheduler/utils.cpp:487-517 getBufferProjectableBroadcastsTv: `v` broadcasts the
// result of `r` back to its input's rank, every reduced dim a broadcast. A keepdim reduction
// is its own broadcast (nvFuser builds it as a reduction followed by a BroadcastOp).
bool broadcastsBack(const ir::Val* v, const ir::Expr* def, const ir::Expr* r) {
  const bool keepdim = def == r && r->attrs().keepdim;
  if (!keepdim && !isBroadcastDef(def)) return false;
  const ir::TensorView* t = v->asTensor();
  if (t->rank() != r->operand(0)->asTensor()->rank()) return false;
  return std::all_of(r->attrs().dims.begin(), r->attrs().dims.end(),
                     [&](std::int64_t d) { return t->dim(static_cast<std::size_t>(d)).isBroadcast(); });
}

// utils.cpp:520-546 canProjectToInputsWithoutReduction, for every value at once: bit r of
// blocked[v] says v is computed from reduction r (itself included) with no broadcast of r's
// result back to full rank on the way.
std::vector<bool> computedThroughUnbroadcastReduction(const SegmentView& view, const ValueIndex& index) {
  const std::vector<const ir::Expr*> reductions = reductionExprs(view);
  std::vector<bool> blocked(index.size(), false);
  for (std::size_t first = 0; first < reductions.size(); first += 64) {
    const std::size_t count = std::min<std::size_t>(64, reductions.size() - first);
    std::vector<std::uint64_t> seedOf(index.size(), 0);
    for (std::size_t b = 0; b < count; ++b)
      seedOf[static_cast<std::size_t>(index.indexOf(reductions[first + b]->output()))] |= std::uint64_t{1} << b;
    const ValueIndex::Words after = index.forward([&](int v) { return seedOf[static_cast<std::size_t>(v)]; });
    const ValueIndex::Words covered = index.forward([&](int v) {
      std::uint64_t bits = 0;
      const ir::Val* val = index.val(v);
      const ir::Expr* def = index.definition(v);
      const bool maybe = def && (isBroadcastDef(def) || (isReductionOp(def) && def->attrs().keepdim));
      if (!maybe || !val->isTensor()) return bits;
      forEachBit(after[static_cast<std::size_t>(v)], [&](int b) {
        if (broadcastsBack(val, index.definition(v), reductions[first + static_cast<std::size_t>(b)]))
          bits |= std::uint64_t{1} << b;
      });
      return bits;
    });
    view.memo().work += 2 * index.size();
    for (std::size_t v = 0; v < index.size(); ++v)
      if (after[v] & ~covered[v]) blocked[v] = true;
  }
  return blocked;
}

// One bit per value: computed from (forward) or computing (backward) a seeded value.
std::vector<bool> reachAll(const ValueIndex& index, const std::vector<bool>& seeds, bool forward) {
  auto seed = [&](int v) { return std::uint64_t{seeds[static_cast<std::size_t>(v)]}; };
  const ValueIndex::Words words = forward ? index.forward(seed) : index.backward(seed);
  std::vector<bool> out(words.size());
  for (std::size_t i = 0; i < words.size(); ++i) out[i] = words[i] != 0;
  return out;
}

}  // namespace

BufferProjection projectBuffers(const SegmentView& view, const ValueIndex& index,
                                const std::vector<PersistentBuffer>& buffers,
                                const std::vector<std::pair<const ir::Val*, std::vector<int>>>& unmappable,
                                const ExactIdGraph& exact, const std::function<bool(const ir::Val*)>& cacheable) {
  BufferProjection proj;
  // utils.cpp:686-693: every input of a projectable buffer must be cacheable.
  std::vector<bool> uncacheableInput(index.size(), false);
  for (const ir::Val* in : view.inputs)
    if (in->isTensor() && !cacheable(in)) uncacheableInput[static_cast<std::size_t>(index.indexOf(in))] = true;
  const std::vector<bool> fromUncacheable = reachAll(index, uncacheableInput, true);
  const std::vector<bool> blocked = computedThroughUnbroadcastReduction(view, index);
  std::vector<bool> isProjectable(index.size(), false);
  for (const PersistentBuffer& b : buffers) {
    const auto v = static_cast<std::size_t>(index.indexOf(b.tv));
    if (view.isSegmentInput(b.tv) || blocked[v] || fromUncacheable[v]) continue;  // :674-693
    proj.buffers.push_back(b.tv);
    isProjectable[v] = true;
  }
  if (proj.buffers.empty()) return proj;

  // :700-723: the inputs the projectable buffers are computed from, keeping the dims exactly
  // mapped to an unmappable dim of any tensor.
  const std::vector<bool> feedsProjectable = reachAll(index, isProjectable, false);
  std::unordered_set<int> unmappableSets;
  for (const auto& [tv, dims] : unmappable)
    for (const int d : dims) unmappableSets.insert(exact.setOf(IdKey::logical(tv, d)));
  for (const ir::Val* in : view.inputs) {
    if (!in->isTensor() || !feedsProjectable[static_cast<std::size_t>(index.indexOf(in))]) continue;
    std::vector<int> dims;
    for (int d = 0; d < in->asTensor()->rank(); ++d)
      if (unmappableSets.count(exact.setOf(IdKey::logical(in, d)))) dims.push_back(d);
    if (dims.empty()) continue;
    proj.inputs.push_back(in);
    proj.inputDims.push_back(std::move(dims));
  }
  // :727-739: what recomputing the projectable buffers from their inputs would run.
  for (const ir::Expr* e : view.exprs) {
    const bool needed = std::any_of(e->outputs().begin(), e->outputs().end(), [&](const ir::Val* o) {
      const int i = index.indexOf(o);
      return i != ValueIndex::kNone && feedsProjectable[static_cast<std::size_t>(i)];
    });
    if (!needed) continue;
    proj.withExp = proj.withExp || e->op() == ir::OpType::Exp;
    proj.withRng = proj.withRng || e->family() == ir::OpFamily::RandomFill || e->family() == ir::OpFamily::RandLike;
  }
  view.memo().work += 3 * index.size();
  return proj;
}

}  // namespace segscope::scheduler::analysis
