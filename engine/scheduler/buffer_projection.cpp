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

// utils.cpp:520-546 canProjectToInputsWithoutReduction, for every value at once: v is blocked
// when it is computed from some reduction r (r's result included) with no broadcast of r's
// result back to full rank on the way. 64 reductions at a time, one bit each: `after` says v
// is computed from r, `covered` that it is computed from such a broadcast.
//
// A batch's sweep starts at its first reduction and stops once no value still read ahead is
// after-but-not-covered: a value whose producers all have after within covered has that
// too, so nothing past that point is blocked. Where each reduction is broadcast right back
// (every normalization) a batch costs the width of its 64 reductions, not the segment's size.
std::vector<bool> computedThroughUnbroadcastReduction(const SegmentView& view, const ValueIndex& index) {
  const std::vector<const ir::Expr*>& reductions = reductionExprs(view);
  const std::size_t n = index.size();
  std::vector<bool> blocked(n, false);
  if (reductions.empty()) return blocked;
  std::vector<char> mayCover(n, 0);  // a tensor defined by a broadcast or a keepdim reduction
  for (std::size_t v = 0; v < n; ++v) {
    const ir::Expr* def = index.definition(static_cast<int>(v));
    mayCover[v] = def && index.val(static_cast<int>(v))->isTensor() &&
                  (isBroadcastDef(def) || (ir::isReductionOp(def) && def->attrs().keepdim));
  }
  std::vector<std::uint64_t> seed(n, 0), after(n, 0), covered(n, 0);  // left zero after each batch
  for (std::size_t first = 0; first < reductions.size(); first += 64) {
    const std::size_t count = std::min<std::size_t>(64, reductions.size() - first);
    int lo = static_cast<int>(n), liveUntil = -1;
    for (std::size_t b = 0; b < count; ++b) {
      const int v = index.indexOf(reductions[first + b]->output());
      seed[static_cast<std::size_t>(v)] |= std::uint64_t{1} << b;
      lo = std::min(lo, v);
      liveUntil = std::max(liveUntil, v);
    }
    int i = lo;
    for (; i < static_cast<int>(n) && i <= liveUntil; ++i) {
      const auto at = static_cast<std::size_t>(i);
      std::uint64_t a = seed[at], c = 0;
      for (const int p : index.producers(i)) {
        a |= after[static_cast<std::size_t>(p)];
        c |= covered[static_cast<std::size_t>(p)];
      }
      if (a && mayCover[at])
        forEachBit(a, [&](int b) {
          if (broadcastsBack(index.val(i), index.definition(i), reductions[first + static_cast<std::size_t>(b)]))
            c |= std::uint64_t{1} << b;
        });
      after[at] = a;
      covered[at] = c;
      if (a & ~c) {
        blocked[at] = true;
        liveUntil = std::max(liveUntil, index.lastConsumer(i));
      }
    }
    std::fill(after.begin() + lo, after.begin() + i, 0);
    std::fill(covered.begin() + lo, covered.begin() + i, 0);
    std::fill(seed.begin() + lo, seed.begin() + i, 0);
    view.memo().work += static_cast<std::size_t>(i - lo);
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
