// nvFuser's alias analysis (csrc/alias_analysis.cpp @ 81c4b22): per meta op, the layout its
// output must have to be a view of its input, and whether that layout is possible.
#include "scheduler/alias_analysis.h"

#include "scheduler/reshape_transforms.h"

#include <algorithm>
#include <list>
#include <numeric>
#include <set>

namespace segscope::scheduler {
namespace {

using ir::OpFamily;

bool isExpanded(const ir::Dim& d) { return d.kind == ir::IterKind::ExpandedBroadcast; }

// csrc/ir/allocation_utils.cpp:108 canonicalizeLayout: the allocation domain (stride order)
// with its contiguity; a tensor without one is laid out in logical order, contiguous.
Layout declaredLayout(const ir::TensorView* tv, const std::vector<std::int64_t>& strideOrder) {
  const int rank = tv->rank();
  std::vector<int> order(static_cast<std::size_t>(rank));
  std::iota(order.begin(), order.end(), 0);
  if (static_cast<int>(strideOrder.size()) == rank)  // stride_order[i]: rank-1 is outermost
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
      return strideOrder[static_cast<std::size_t>(a)] > strideOrder[static_cast<std::size_t>(b)];
    });
  const auto& contiguity = tv->contiguity();
  Layout layout;
  for (int i = 0; i < rank; ++i) {
    const int d = order[static_cast<std::size_t>(i)];
    std::optional<bool> c =
        tv->dim(static_cast<std::size_t>(d)).isBroadcast() ? std::nullopt : std::optional<bool>(true);
    if (static_cast<int>(contiguity.size()) == rank && c) c = contiguity[static_cast<std::size_t>(i)].value_or(true);
    layout.push_back({d, c});
  }
  return layout;
}

// csrc/ir/allocation_utils.cpp:33 splitContiguity.
std::pair<std::optional<bool>, std::optional<bool>> splitContiguity(std::optional<bool> c) {
  if (!c) return {std::nullopt, std::nullopt};
  return {true, *c};
}

// csrc/ir/allocation_utils.cpp:47-90 mergeContiguity: {mergeable, contiguity of the result}.
// A non-contiguous outer dim, or an expanded dim merged with a real one, needs a copy.
std::pair<bool, std::optional<bool>> mergeContiguity(bool outerExpanded, std::optional<bool> outer, bool innerExpanded,
                                                     std::optional<bool> inner) {
  if (!outer && !outerExpanded) return {true, inner};
  if (!inner && !innerExpanded) return {true, outer};
  if (outerExpanded && innerExpanded) return {true, std::nullopt};
  if (outerExpanded || innerExpanded) return {false, std::nullopt};
  if (*outer) return {true, inner};
  return {false, std::nullopt};
}

// csrc/ir/allocation_utils.cpp:196-222 isCompliantWith: same order, and each contiguity equal
// (or contiguous where the requirement allows non-contiguous).
bool isCompliantWith(const Layout& layout, const Layout& required) {
  if (layout.size() != required.size()) return false;
  for (std::size_t i = 0; i < layout.size(); ++i) {
    if (layout[i].dim != required[i].dim) return false;
    const auto& a = layout[i].contiguity;
    const auto& r = required[i].contiguity;
    if (!(a == std::optional<bool>(true) && r == std::optional<bool>(false)) && a != r) return false;
  }
  return true;
}

// Maps the input's layout onto the output's dims (csrc/ir/allocation_utils.cpp:224
// mapInLayoutToOutRoot); `outDimOf[d]` is the output dim of input dim d, or -1 when dropped.
Layout mapLayout(const Layout& in, const std::vector<int>& outDimOf) {
  Layout out;
  for (const LayoutEntry& e : in)
    if (const int d = outDimOf[static_cast<std::size_t>(e.dim)]; d >= 0) out.push_back({d, e.contiguity});
  return out;
}

// csrc/alias_analysis.cpp:290-330 (BroadcastOp): new broadcast dims sit at their logical
// positions between the mapped input dims.
Layout insertBroadcastDims(const Layout& mapped, const std::vector<bool>& isNewBroadcast) {
  Layout out;
  std::size_t next = 0;
  for (std::size_t i = 0; i < isNewBroadcast.size(); ++i) {
    if (isNewBroadcast[i])
      out.push_back({static_cast<int>(i), std::nullopt});
    else if (next < mapped.size())
      out.push_back(mapped[next++]);
  }
  return out;
}

bool sameExtent(const ir::SymInt& a, const ir::SymInt& b) { return a == b; }

// csrc/alias_analysis.cpp:230-286 (SliceOp): the order is kept; the dim next outside a sliced
// one can no longer be contiguous. Slicing an expanded dim gives no alias (nvFuser #4966).
std::optional<Layout> sliceLayout(const ir::Expr* e, const Layout& in) {
  const ir::TensorView* inTv = e->operand(0)->asTensor();
  const ir::TensorView* outTv = e->output()->asTensor();
  const auto& a = e->attrs();
  auto sliced = [&](int d) {
    const auto i = static_cast<std::size_t>(d);
    if (i >= a.starts.size()) return false;
    const bool fullStart = a.starts[i].isConst(0);
    const bool fullEnd =
        sameExtent(a.ends[i], inTv->dim(i).extent) ||
        (a.ends[i].isConst() && inTv->dim(i).extent.isConst() && a.ends[i].value >= inTv->dim(i).extent.value);
    const bool unitStep = i >= a.steps.size() || a.steps[i].isConst(1);
    return !(fullStart && fullEnd && unitStep);
  };
  for (int d = 0; d < inTv->rank(); ++d)
    if (isExpanded(inTv->dim(static_cast<std::size_t>(d))) && !outTv->dim(static_cast<std::size_t>(d)).isBroadcast())
      return std::nullopt;
  Layout out = in;
  bool nextIsNonContiguous = false;
  for (auto it = out.rbegin(); it != out.rend(); ++it) {
    if (outTv->dim(static_cast<std::size_t>(it->dim)).isBroadcast()) {
      it->contiguity = std::nullopt;
    } else if (nextIsNonContiguous) {
      it->contiguity = false;
      nextIsNonContiguous = false;
    }
    if (sliced(it->dim)) nextIsNonContiguous = true;
  }
  return out;
}

// The reshape's splits and merges (scheduler/reshape_transforms) replayed on the input's
// allocation order as csrc/alias_analysis.cpp:106-184 does: squeezes, then splits and merges (a
// merge needs outer and inner adjacent in allocation order and mergeContiguity), then new
// broadcast dims.
std::optional<Layout> reshapeLayout(const ir::TensorView* in, const ir::TensorView* out, const Layout& inLayout,
                                    const std::vector<std::int64_t>& inSizes,
                                    const std::vector<std::int64_t>& outSizes) {
  const auto t = analyzeReshape(*in, inSizes, outSizes);
  if (!t) return std::nullopt;
  // Ids 0..rank-1 are the input dims; splits and merges make new ones.
  int nextId = in->rank();
  std::vector<int> view;  // the transform view: ids in logical order after the squeezes
  for (int d = 0; d < in->rank(); ++d)
    if (!t->squeezed.count(d)) view.push_back(d);
  // csrc/alias_analysis.cpp:117-127 (nvFuser issue #1126): a split or merged expanded dim is
  // materialized, so no alias.
  {
    std::vector<int> probe = view;
    for (const ReshapeTransforms::Step& s : t->steps) {
      const auto at = static_cast<std::size_t>(s.index);
      if (at >= probe.size() || (s.merge && at + 1 >= probe.size())) return std::nullopt;
      for (std::size_t k = at; k <= at + (s.merge ? 1 : 0); ++k)
        if (probe[k] >= 0 && probe[k] < in->rank() && isExpanded(in->dim(static_cast<std::size_t>(probe[k]))))
          return std::nullopt;
      if (s.merge) {
        probe[at] = -1;
        probe.erase(probe.begin() + static_cast<std::ptrdiff_t>(at) + 1);
      } else {
        probe[at] = -1;
        probe.insert(probe.begin() + static_cast<std::ptrdiff_t>(at), -1);
      }
    }
  }
  std::list<LayoutEntry> alloc;  // LayoutEntry::dim holds an id here
  for (const LayoutEntry& e : inLayout)
    if (!t->squeezed.count(e.dim)) alloc.push_back(e);
  auto find = [&](int id) {
    return std::find_if(alloc.begin(), alloc.end(), [&](const LayoutEntry& e) { return e.dim == id; });
  };
  for (const ReshapeTransforms::Step& s : t->steps) {
    const auto at = static_cast<std::size_t>(s.index);
    if (!s.merge) {
      auto it = find(view[at]);
      if (it == alloc.end()) return std::nullopt;
      const auto [outerC, innerC] = splitContiguity(it->contiguity);
      const int outer = nextId++, inner = nextId++;
      it = alloc.erase(it);
      alloc.insert(it, {outer, outerC});
      alloc.insert(it, {inner, innerC});
      view[at] = inner;
      view.insert(view.begin() + static_cast<std::ptrdiff_t>(at), outer);
      continue;
    }
    const int outerId = view[at], innerId = view[at + 1];
    auto outer = find(outerId);
    if (outer == alloc.end()) return std::nullopt;
    auto inner = std::next(outer);
    if (inner == alloc.end() || inner->dim != innerId) return std::nullopt;  // not adjacent in memory
    const auto [mergeable, c] = mergeContiguity(false, outer->contiguity, false, inner->contiguity);
    if (!mergeable) return std::nullopt;
    const int merged = nextId++;
    alloc.erase(outer);
    *inner = {merged, c};
    view[at] = merged;
    view.erase(view.begin() + static_cast<std::ptrdiff_t>(at) + 1);
  }
  // Ids of the transform view are the output's dims other than the new broadcasts, in order.
  std::vector<int> outDimOfId(static_cast<std::size_t>(nextId), -1);
  std::vector<bool> isNewBroadcast(static_cast<std::size_t>(out->rank()), false);
  for (int j : t->broadcasts) isNewBroadcast[static_cast<std::size_t>(j)] = true;
  std::size_t v = 0;
  for (int j = 0; j < out->rank() && v < view.size(); ++j)
    if (!isNewBroadcast[static_cast<std::size_t>(j)]) outDimOfId[static_cast<std::size_t>(view[v++])] = j;
  Layout mapped;
  for (const LayoutEntry& e : alloc) mapped.push_back({outDimOfId[static_cast<std::size_t>(e.dim)], e.contiguity});
  return insertBroadcastDims(mapped, isNewBroadcast);
}

// The layout `e`'s output needs to be a view of its input, or nullopt when it needs a copy.
// `unknown` is set when sizes are missing: the view is then assumed (as before this analysis).
std::optional<Layout> preferredLayout(const ir::Expr* e, const Layout& in, const ExtentOf& extentOf) {
  const ir::TensorView* inTv = e->operand(0)->asTensor();
  const ir::TensorView* outTv = e->output()->asTensor();
  const auto& a = e->attrs();
  switch (e->family()) {
    case OpFamily::Set:
    case OpFamily::Expand:
    case OpFamily::StrideOrder: return in;  // csrc/alias_analysis.cpp:186-215, 366-380
    case OpFamily::Permute: {               // a LoadStoreOp whose root→logical is the permutation
      std::vector<int> outDimOf(static_cast<std::size_t>(inTv->rank()), -1);
      for (std::size_t i = 0; i < a.dims.size(); ++i)
        outDimOf[static_cast<std::size_t>(a.dims[i])] = static_cast<int>(i);
      return mapLayout(in, outDimOf);
    }
    case OpFamily::Squeeze: {  // csrc/alias_analysis.cpp:350-364
      std::vector<int> outDimOf(static_cast<std::size_t>(inTv->rank()), -1);
      int next = 0;
      for (int d = 0; d < inTv->rank(); ++d)
        if (std::find(a.dims.begin(), a.dims.end(), d) == a.dims.end()) outDimOf[static_cast<std::size_t>(d)] = next++;
      return mapLayout(in, outDimOf);
    }
    case OpFamily::Broadcast:
    case OpFamily::BroadcastInDim: {  // broadcast_in_dim is broadcast + expand in nvFuser
      std::vector<bool> isNew(static_cast<std::size_t>(outTv->rank()), true);
      std::vector<int> outDimOf(static_cast<std::size_t>(inTv->rank()), -1);
      if (e->family() == OpFamily::Broadcast) {
        int next = 0;
        for (int j = 0; j < outTv->rank(); ++j) {
          const bool bcast = static_cast<std::size_t>(j) < a.flags.size() && a.flags[static_cast<std::size_t>(j)];
          isNew[static_cast<std::size_t>(j)] = bcast;
          if (!bcast && next < inTv->rank()) outDimOf[static_cast<std::size_t>(next++)] = j;
        }
      } else {
        for (std::size_t d = 0; d < a.dims.size() && d < outDimOf.size(); ++d) {
          outDimOf[d] = static_cast<int>(a.dims[d]);
          isNew[static_cast<std::size_t>(a.dims[d])] = false;
        }
      }
      // The mapped entries keep the input's allocation order; sort by output position only
      // where nvFuser does: it walks the mapped list in order (csrc/alias_analysis.cpp:309-326).
      return insertBroadcastDims(mapLayout(in, outDimOf), isNew);
    }
    case OpFamily::Slice: return sliceLayout(e, in);
    case OpFamily::Reshape: {
      const auto sizes = reshapeSizes(*e, extentOf);
      if (!sizes) return declaredLayout(outTv, {});  // sizes unknown: assume a view
      return reshapeLayout(inTv, outTv, in, sizes->in, sizes->out);
    }
    default: return std::nullopt;
  }
}

// The families preferredLayout can answer for; any other op is a copy, so the walk up a view
// chain stops there (what lies above a copy never changes the chain below it). Walking on
// through pointwise ops made every expr_eval check O(depth of the fusion): 12 s of a 10k-op
// segmentation.
bool mayBeAView(const ir::Expr* e) {
  switch (e->family()) {
    case OpFamily::Set:
    case OpFamily::Expand:
    case OpFamily::StrideOrder:
    case OpFamily::Permute:
    case OpFamily::Squeeze:
    case OpFamily::Broadcast:
    case OpFamily::BroadcastInDim:
    case OpFamily::Slice:
    case OpFamily::Reshape: return true;
    default: return false;
  }
}

// The layout a tensor has of its own: an allocation domain (stride_order on the tensor, set by
// the stride_order op or MarkAliasesPrepare, or given to add_output), else none.
std::optional<Layout> explicitLayout(const ir::Fusion& fusion, const ir::TensorView* tv) {
  if (!tv->strideOrder().empty()) return declaredLayout(tv, tv->strideOrder());
  if (!fusion.hasOutputStrideOrder(tv)) return std::nullopt;
  for (const ir::FusionOutput& o : fusion.outputs())
    if (o.val == tv && !o.strideOrder.empty()) {
      ir::TensorView probe(0, tv->dtype(), tv->dims());
      return declaredLayout(&probe, o.strideOrder);
    }
  return std::nullopt;
}

// okToRelayout (csrc/alias_analysis.cpp:55-88): a tensor with an allocation domain must
// already have the view's layout; one without takes any (EmptyAllocationAs::kUndetermined)
// unless it is in global memory and empty allocations count as logical (kLogical).
bool okToRelayout(const ir::Fusion& fusion, const ir::TensorView* out, const Layout& preferred, bool emptyIsLogical) {
  if (auto own = explicitLayout(fusion, out)) return isCompliantWith(preferred, *own);
  if (!emptyIsLogical) return true;
  return isCompliantWith(preferred, declaredLayout(out, {}));
}

}  // namespace

bool isViewCandidate(const ir::Expr* e) {
  return e && e->numOperands() >= 1 && e->operand(0)->isTensor() && e->outputs().size() == 1 &&
         e->output()->isTensor() && mayBeAView(e);
}

std::vector<const ir::Val*> viewChain(const ir::Fusion& fusion, const ir::Val* v,
                                      const std::function<bool(const ir::Val*)>& emptyIsLogical,
                                      const ExtentOf& extentOf) {
  std::vector<const ir::Expr*> defs;  // from v upwards
  for (const ir::Val* x = v; isViewCandidate(x->definition()); x = x->definition()->operand(0))
    defs.push_back(x->definition());
  std::vector<const ir::Val*> chain{v};
  if (defs.empty() || !v->isTensor()) return chain;
  // Layouts from the top down; the link just below a copy starts a fresh chain.
  const ir::Val* top = defs.back()->operand(0);
  Layout layout = declaredLayout(top->asTensor(), top->asTensor()->strideOrder());
  std::size_t viewsFrom = defs.size();  // defs[0..viewsFrom) are views of their operands
  for (std::size_t k = defs.size(); k-- > 0;) {
    const ir::Expr* e = defs[k];
    auto preferred = preferredLayout(e, layout, extentOf);
    if (preferred && okToRelayout(fusion, e->output()->asTensor(), *preferred, emptyIsLogical(e->output()))) {
      layout = std::move(*preferred);
    } else {
      layout = declaredLayout(e->output()->asTensor(), e->output()->asTensor()->strideOrder());
      viewsFrom = k;  // e copies: only the defs below it can be views
    }
  }
  for (std::size_t k = 0; k < viewsFrom && k < defs.size(); ++k) chain.push_back(defs[k]->operand(0));
  return chain;
}

void setAllocation(ir::TensorView& tv, const Layout& layout) {
  std::vector<std::int64_t> order(layout.size());
  std::vector<std::optional<bool>> contiguity;
  for (std::size_t k = 0; k < layout.size(); ++k) {
    order[static_cast<std::size_t>(layout[k].dim)] = static_cast<std::int64_t>(layout.size() - 1 - k);
    contiguity.push_back(layout[k].contiguity);
  }
  tv.setStrideOrder(std::move(order));
  tv.setContiguity(std::move(contiguity));
}

const ir::Val* AliasAnalysis::sourceOf(const ir::Val* alias) const {
  const auto i = static_cast<std::size_t>(alias->id());
  return i < source_.size() ? source_[i] : nullptr;
}

const ir::Val* AliasAnalysis::rootOf(const ir::Val* v) const {
  const auto i = static_cast<std::size_t>(v->id());
  if (i < reuseBuffer_.size() && reuseBuffer_[i]) return nullptr;  // csrc/alias_analysis.cpp:396-401
  const ir::Val* root = sourceOf(v);
  if (!root) return nullptr;
  while (const ir::Val* s = sourceOf(root)) root = s;
  return root;
}

bool AliasAnalysis::isViewOf(const ir::Val* v, const std::function<bool(const ir::Val*)>& stopAt) const {
  const auto i = static_cast<std::size_t>(v->id());
  if (i < reuseBuffer_.size() && reuseBuffer_[i]) return false;
  if (stopAt(v)) return true;
  for (const ir::Val* s = sourceOf(v); s; s = sourceOf(s))
    if (stopAt(s)) return true;
  return false;
}

const Layout& AliasAnalysis::layoutOf(const ir::Val* v) const { return layout_[static_cast<std::size_t>(v->id())]; }

AliasAnalysis findAliases(const ir::Fusion& fusion, const ExtentOf& extentOf) {
  AliasAnalysis a;
  std::size_t maxId = 0;
  for (const ir::Val* v : fusion.vals()) maxId = std::max(maxId, static_cast<std::size_t>(v->id()) + 1);
  a.source_.assign(maxId, nullptr);
  a.layout_.assign(maxId, {});
  a.reuseBuffer_.assign(maxId, false);
  for (const ir::FusionOutput& o : fusion.outputs())
    if (o.aliasOf) a.reuseBuffer_[static_cast<std::size_t>(o.val->id())] = true;
  for (const ir::Val* v : fusion.vals())
    if (const ir::TensorView* tv = v->asTensor())
      a.layout_[static_cast<std::size_t>(v->id())] = declaredLayout(tv, tv->strideOrder());
  for (const ir::Expr* e : fusion.exprs()) {
    if (!isViewCandidate(e)) continue;
    const auto outId = static_cast<std::size_t>(e->output()->id());
    auto preferred = preferredLayout(e, a.layout_[static_cast<std::size_t>(e->operand(0)->id())], extentOf);
    if (!preferred || !okToRelayout(fusion, e->output()->asTensor(), *preferred, false)) continue;
    a.source_[outId] = e->operand(0);
    a.layout_[outId] = std::move(*preferred);
  }
  return a;
}

}  // namespace segscope::scheduler
