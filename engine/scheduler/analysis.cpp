// Implementation of the shared scheduler analyses (see analysis.h).
#include "scheduler/analysis.h"

#include "scheduler/alias_analysis.h"
#include "scheduler/reshape_dims.h"
#include "scheduler/reshape_transforms.h"
#include "scheduler/view_memo.h"
#include "support/flat_hash_map.h"

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <unordered_map>
#include <unordered_set>

namespace segscope::scheduler::analysis {

using ir::OpFamily;
using ValSet = std::unordered_set<const ir::Val*>;

// --- op classes ---------------------------------------------------------------------------

std::size_t tensorDimCount(const SegmentView& view) {
  std::size_t dims = 0;
  const auto add = [&](const ir::Val* v) {
    if (v->isTensor()) dims += static_cast<std::size_t>(v->asTensor()->rank());
  };
  for (const ir::Val* in : view.inputs) add(in);
  for (const ir::Expr* e : view.exprs)
    for (const ir::Val* out : e->outputs()) add(out);
  return dims;
}

const std::vector<const ir::Expr*>& reductionExprs(const SegmentView& view) {
  ViewMemo& memo = view.memo();
  if (!memo.reductions) {
    memo.reductions.emplace();
    for (const ir::Expr* e : view.exprs)
      if (ir::isReductionOp(e)) memo.reductions->push_back(e);
  }
  return *memo.reductions;
}

const ir::Expr* firstExprWhere(const SegmentView& view, bool (*pred)(const ir::Expr*)) {
  for (const ir::Expr* e : view.exprs)
    if (pred(e)) return e;
  return nullptr;
}

std::string describe(const ir::Expr* e) { return e->toString(); }

// --- dim mapping ----------------------------------------------------------------------------

namespace {

DimMap keptDims(int rank, const std::vector<std::int64_t>& dropped, bool keepdim) {
  DimMap map(static_cast<std::size_t>(rank), -1);
  int next = 0;
  for (int d = 0; d < rank; ++d) {
    const bool gone = std::find(dropped.begin(), dropped.end(), d) != dropped.end();
    if (!gone || keepdim) map[static_cast<std::size_t>(d)] = next++;
    if (gone && keepdim) map[static_cast<std::size_t>(d)] = -1;  // a size-1 dim now, not the reduced one
  }
  return map;
}

DimMap identityDims(int rank, int offset = 0) {
  DimMap map(static_cast<std::size_t>(rank), 0);
  std::iota(map.begin(), map.end(), offset);
  return map;
}

}  // namespace

DimMap consumerDims(const ir::Expr* e, std::size_t operand) {
  const ir::Val* in = e->operand(operand);
  if (!in->isTensor() || !e->output()->isTensor()) return {};
  const int rank = in->asTensor()->rank();
  const int outRank = e->output()->asTensor()->rank();
  const ir::ExprAttributes& a = e->attrs();
  DimMap none(static_cast<std::size_t>(rank), -1);
  switch (e->family()) {
    case OpFamily::Unary:
    case OpFamily::Binary:
    case OpFamily::Ternary:
    case OpFamily::Cast:
    case OpFamily::Set:
    case OpFamily::StrideOrder:
    case OpFamily::RandLike:
    case OpFamily::Triu:
    case OpFamily::Cumsum: return identityDims(rank, outRank - rank);  // lower-rank operands align to the right
    case OpFamily::Expand:
    case OpFamily::Slice:
    case OpFamily::Pad:
    case OpFamily::Cat: return identityDims(rank);
    case OpFamily::Reduction:
    case OpFamily::Var:
    case OpFamily::VarMean:
    case OpFamily::Welford: return keptDims(rank, a.dims, a.keepdim);
    case OpFamily::Squeeze: return keptDims(rank, a.dims, false);
    case OpFamily::Select: return operand == 0 ? keptDims(rank, {a.axis}, false) : none;
    case OpFamily::Broadcast: {
      int next = 0;
      for (std::size_t j = 0; j < a.flags.size(); ++j)
        if (!a.flags[j]) none[static_cast<std::size_t>(next++)] = static_cast<int>(j);
      return none;
    }
    case OpFamily::BroadcastInDim:
      for (std::size_t i = 0; i < a.dims.size(); ++i) none[i] = static_cast<int>(a.dims[i]);
      return none;
    case OpFamily::Permute:
      for (std::size_t j = 0; j < a.dims.size(); ++j) none[static_cast<std::size_t>(a.dims[j])] = static_cast<int>(j);
      return none;
    case OpFamily::Gather:
      // take_along_axis lines the input up with the index off the axis; gather only the index.
      if (operand == 1 || e->op() == ir::OpType::TakeAlongAxis) {
        none = identityDims(rank);
        if (operand == 0) none[static_cast<std::size_t>(a.axis)] = -1;
      }
      return none;
    case OpFamily::IndexSelect:
      if (operand == 0) {
        none = identityDims(rank);
        none[static_cast<std::size_t>(a.axis)] = -1;
      } else {
        none[0] = static_cast<int>(a.axis);
      }
      return none;
    default: return none;  // reshape is mapped by DimGraph; matmul-like ops map nothing here
  }
}

DimGraph::DimGraph(const SegmentView& view, Mode mode) {
  base_.reserve(view.inputs.size() + view.exprs.size());
  classes_.reserve(tensorDimCount(view));
  for (const ir::Val* v : view.inputs) add(v);
  for (const ir::Expr* e : view.exprs)
    for (const ir::Val* out : e->outputs()) add(out);
  for (const ir::Expr* e : view.exprs) {
    if (ir::isViewOp(e)) {
      mapReshape(e);
      continue;
    }
    for (std::size_t i = 0; i < e->numOperands(); ++i) {
      const DimMap map = consumerDims(e, i);
      for (std::size_t d = 0; d < map.size(); ++d) {
        if (map[d] < 0) continue;
        const bool inBroadcast = e->operand(i)->asTensor()->dim(d).isBroadcast();
        for (const ir::Val* out : e->outputs()) {
          if (!out->isTensor() || out->asTensor()->rank() <= map[d]) continue;
          if (mode == Mode::Exact &&
              inBroadcast != out->asTensor()->dim(static_cast<std::size_t>(map[d])).isBroadcast())
            continue;
          unite(classOf(e->operand(i), static_cast<int>(d)), classOf(out, map[d]));
        }
      }
    }
  }
}

void DimGraph::add(const ir::Val* v) {
  if (!v->isTensor() || !base_.tryEmplace(v, static_cast<int>(classes_.size())).second) return;
  for (int d = 0; d < v->asTensor()->rank(); ++d) classes_.add();
}

void DimGraph::unite(int a, int b) {
  if (a >= 0 && b >= 0) classes_.unite(static_cast<std::size_t>(a), static_cast<std::size_t>(b));
}

int DimGraph::classOf(const ir::Val* v, int d) const {
  const int* base = base_.find(v);
  if (!base || d < 0 || d >= v->asTensor()->rank()) return -1;
  return find(*base + d);
}

std::vector<int> DimGraph::classes(const ir::Val* v, const std::vector<int>& dims) const {
  std::vector<int> out;
  for (int d : dims)
    if (!v->asTensor()->dim(static_cast<std::size_t>(d)).isBroadcast()) out.push_back(classOf(v, d));
  return out;
}

// Equal leading and trailing extents map one to one; in the middle, constant extents are
// grouped by equal products (a group of one on each side maps 1-to-1, others become one
// class, as a merge or split ties them); symbolic middles become one class.
// A reshape joins the dims of each group it maps (scheduler/reshape_dims): one-to-one groups
// map dims, merged or split dims become one class.
void DimGraph::mapReshape(const ir::Expr* e) {
  const ir::Val* in = e->operand(0);
  const ir::Val* out = e->output();
  for (const ReshapeGroup& g : reshapeDimGroups(e)) {
    std::vector<int> members;
    for (int d : g.in) members.push_back(classOf(in, d));
    for (int d : g.out) members.push_back(classOf(out, d));
    for (std::size_t k = 1; k < members.size(); ++k) unite(members[0], members[k]);
  }
}

// --- layout -------------------------------------------------------------------------------

std::vector<int> allocationOrder(const SegmentView& view, const ir::TensorView* tv) {
  std::vector<std::int64_t> order = tv->strideOrder();
  if (view.fusion->hasOutputStrideOrder(tv))  // a scan only then: thousands of outputs, per question
    for (const ir::FusionOutput& out : view.fusion->outputs())
      if (out.val == tv && !out.strideOrder.empty()) order = out.strideOrder;
  const int rank = tv->rank();
  const DimMap identity = identityDims(rank);
  std::vector<int> dims(identity.begin(), identity.end());
  if (static_cast<int>(order.size()) != rank) return dims;
  // stride_order[i] is the rank of dim i by stride, rank-1 the outermost.
  std::sort(dims.begin(), dims.end(),
            [&](int a, int b) { return order[static_cast<std::size_t>(a)] > order[static_cast<std::size_t>(b)]; });
  return dims;
}

int innermostDim(const SegmentView& view, const ir::TensorView* tv) {
  const std::vector<int> order = allocationOrder(view, tv);
  for (auto it = order.rbegin(); it != order.rend(); ++it)
    if (!tv->dim(static_cast<std::size_t>(*it)).isBroadcast()) return *it;
  return -1;
}

// --- reductions ---------------------------------------------------------------------------

std::string_view reductionTypeName(ReductionType t) {
  switch (t) {
    case ReductionType::None: return "none";
    case ReductionType::Inner: return "inner";
    case ReductionType::Outer: return "outer";
    case ReductionType::InnerOuter: return "inner-outer";
  }
  return "none";
}

bool isFastestDimReduction(const SegmentView& view, const ir::Expr* reduction) {
  const ir::TensorView* in = reduction->operand(0)->asTensor();
  const int inner = innermostDim(view, in);
  const auto& dims = reduction->attrs().dims;
  return inner >= 0 && std::find(dims.begin(), dims.end(), inner) != dims.end();
}

ReductionType reductionType(const SegmentView& view) {
  bool inner = false, outer = false;
  for (const ir::Expr* r : reductionExprs(view)) (isFastestDimReduction(view, r) ? inner : outer) = true;
  if (inner && outer) return ReductionType::InnerOuter;
  if (inner) return ReductionType::Inner;
  return outer ? ReductionType::Outer : ReductionType::None;
}

namespace {

// Does `e` resolve a broadcast dim of its operand `p` (broadcast there, concrete in the output)?
bool resolvesBroadcastOf(const ir::Expr* e, const ir::Val* p) {
  if (!p->isTensor() || !e->output()->isTensor()) return false;
  const ir::TensorView* out = e->output()->asTensor();
  for (std::size_t i = 0; i < e->numOperands(); ++i) {
    if (e->operand(i) != p) continue;
    const DimMap map = consumerDims(e, i);
    for (std::size_t d = 0; d < map.size(); ++d)
      if (map[d] >= 0 && p->asTensor()->dim(d).isBroadcast() &&
          !out->dim(static_cast<std::size_t>(map[d])).isBroadcast())
        return true;
  }
  return false;
}

// Values computed from the reduction's results inside the segment (the results included),
// and the segment's exprs that read one of them other than the reduction, walked forward from
// the results: only what the reduction feeds is visited.
struct Downstream {
  ValSet values;
  std::vector<const ir::Expr*> readers;
};

Downstream downstreamOf(const SegmentView& view, const ir::Expr* reduction) {
  Downstream d;
  d.values.insert(reduction->outputs().begin(), reduction->outputs().end());
  std::vector<const ir::Val*> stack(reduction->outputs().begin(), reduction->outputs().end());
  std::unordered_set<const ir::Expr*> seen;
  while (!stack.empty()) {
    const ir::Val* v = stack.back();
    stack.pop_back();
    for (const ir::Expr* use : view.usesInside(v)) {
      if (use == reduction || !seen.insert(use).second) continue;
      d.readers.push_back(use);
      for (const ir::Val* out : use->outputs())
        if (d.values.insert(out).second) stack.push_back(out);
    }
  }
  view.memo().work += d.readers.size();
  return d;
}

}  // namespace

// The first (reduction, expr) pair in reduction order, then segment order, as a sweep over
// the whole segment per reduction would find it; the sweep made wide fusions quadratic.
std::optional<PostReductionBroadcast> findPostReductionBroadcast(const SegmentView& view) {
  std::unordered_map<const ir::Expr*, std::size_t> position;
  for (const ir::Expr* r : reductionExprs(view)) {
    Downstream down = downstreamOf(view, r);
    if (down.readers.empty()) continue;
    if (position.empty())
      for (std::size_t i = 0; i < view.exprs.size(); ++i) position[view.exprs[i]] = i;
    std::sort(down.readers.begin(), down.readers.end(),
              [&](const ir::Expr* a, const ir::Expr* b) { return position[a] < position[b]; });
    for (const ir::Expr* e : down.readers)
      for (std::size_t i = 0; i < e->numOperands(); ++i)
        if (down.values.count(e->operand(i)) && resolvesBroadcastOf(e, e->operand(i)))
          return PostReductionBroadcast{r, e};
  }
  return std::nullopt;
}

namespace {

struct ReductionPattern {
  std::vector<int> reduced, kept;
};

ReductionPattern patternOf(const DimGraph& graph, const ir::Expr* r) {
  const ir::TensorView* in = r->operand(0)->asTensor();
  ReductionPattern p;
  for (int d = 0; d < in->rank(); ++d) {
    if (in->dim(static_cast<std::size_t>(d)).isBroadcast()) continue;
    const auto& dims = r->attrs().dims;
    (std::find(dims.begin(), dims.end(), d) != dims.end() ? p.reduced : p.kept).push_back(graph.classOf(in, d));
  }
  std::sort(p.reduced.begin(), p.reduced.end());
  std::sort(p.kept.begin(), p.kept.end());
  return p;
}

}  // namespace

const ir::Expr* unmappedReduction(const SegmentView&, const DimGraph& graph,
                                  const std::vector<const ir::Expr*>& reductions) {
  if (reductions.empty()) return nullptr;
  const ReductionPattern first = patternOf(graph, reductions[0]);
  for (std::size_t k = 1; k < reductions.size(); ++k) {
    const ReductionPattern p = patternOf(graph, reductions[k]);
    if (p.reduced != first.reduced || p.kept != first.kept) return reductions[k];
  }
  return nullptr;
}

std::int64_t reductionNumel(const ir::Expr* reduction, const RuntimeInfo& rt) {
  const auto sizes = rt.sizes(reduction->operand(0));
  if (!sizes) return 0;
  std::int64_t n = 1;
  for (std::int64_t d : reduction->attrs().dims) n *= (*sizes)[static_cast<std::size_t>(d)];
  return n;
}

std::int64_t iterationNumel(const ir::Expr* reduction, const RuntimeInfo& rt) {
  const auto sizes = rt.sizes(reduction->operand(0));
  if (!sizes) return 0;
  std::int64_t n = 1;
  const auto& dims = reduction->attrs().dims;
  for (std::size_t d = 0; d < sizes->size(); ++d)
    if (std::find(dims.begin(), dims.end(), static_cast<std::int64_t>(d)) == dims.end()) n *= (*sizes)[d];
  return n;
}

// --- whole-segment predicates ---------------------------------------------------------------

std::optional<std::pair<const ir::Val*, const ir::Val*>> disconnectedOutputs(const SegmentView& view) {
  // Tensors joined by the exprs that read or write them; scalars do not connect.
  support::FlatHashMap<const ir::Val*, std::size_t> slot;  // asked by every scheduler's gate, per question
  slot.reserve(2 * view.exprs.size() + view.inputs.size());
  support::UnionFind connected;
  connected.reserve(2 * view.exprs.size() + view.inputs.size());
  const auto slotOf = [&](const ir::Val* v) {
    auto [value, added] = slot.tryEmplace(v, 0);
    if (added) *value = connected.add();
    return *value;
  };
  for (const ir::Expr* e : view.exprs) {
    std::optional<std::size_t> first;
    const auto join = [&](const ir::Val* v) {
      if (!v->isTensor()) return;
      const std::size_t s = slotOf(v);
      if (first)
        connected.unite(*first, s);
      else
        first = s;
    };
    for (std::size_t i = 0; i < e->numOperands(); ++i) join(e->operand(i));
    for (const ir::Val* out : e->outputs()) join(out);
  }
  const ir::Val* first = nullptr;
  for (const ir::Val* out : view.outputs) {
    if (!out->isTensor()) continue;
    if (!first)
      first = out;
    else if (!connected.same(slotOf(first), slotOf(out)))
      return std::make_pair(first, out);
  }
  return std::nullopt;
}

std::optional<std::string> memoryPromotionViolation(const SegmentView& view) {
  for (const ir::Expr* e : view.exprs) {
    if (ir::isIndexOp(e) && !view.isSegmentInput(e->operand(0)))
      return describe(e) + " looks up " + e->operand(0)->name() +
             ", which is computed inside the segment; the lookup tensor of a gather/index_select/select must be a "
             "segment input (nvFuser's memory-promotion rule)";
    if (!ir::isResizeOp(e)) continue;
    for (std::size_t i = 0; i < e->numOperands(); ++i)
      if (e->operand(i)->isTensor() && !view.isSegmentInput(e->operand(i)))
        return describe(e) + " resizes " + e->operand(i)->name() +
               ", which is computed inside the segment; only the resize scheduler may slice, pad or concatenate an "
               "intermediate (nvFuser's memory-promotion rule)";
  }
  return std::nullopt;
}

namespace {

std::vector<const ir::Val*> tensorsAtBoundary(const SegmentView& view) {
  std::vector<const ir::Val*> out;
  for (const auto* list : {&view.inputs, &view.outputs})
    for (const ir::Val* v : *list)
      if (v->isTensor() && std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
  return out;
}

std::vector<int> allClasses(const DimGraph& graph, const ir::Val* v) {
  std::vector<int> out;
  for (int d = 0; d < v->asTensor()->rank(); ++d) out.push_back(graph.classOf(v, d));
  return out;
}

// Classes of the dims gather/index_select/select look up in their lookup tensors: those
// dims are indexed, not iterated, so no reference has to cover them.
std::vector<int> indexedClasses(const SegmentView& view, const DimGraph& graph) {
  std::vector<int> classes;
  for (const ir::Expr* e : view.exprs)
    if (ir::isIndexOp(e)) classes.push_back(graph.classOf(e->operand(0), static_cast<int>(e->attrs().axis)));
  return classes;
}

}  // namespace

const ir::Val* uncoveredBy(const SegmentView& view, const DimGraph& graph, const ir::Val* ref,
                           const std::vector<int>& refClasses) {
  const std::vector<int> indexed = indexedClasses(view, graph);
  auto contains = [](const std::vector<int>& list, int c) {
    return std::find(list.begin(), list.end(), c) != list.end();
  };
  for (const ir::Val* v : tensorsAtBoundary(view)) {
    if (v == ref) continue;
    for (int d = 0; d < v->asTensor()->rank(); ++d) {
      const int cls = graph.classOf(v, d);
      if (!v->asTensor()->dim(static_cast<std::size_t>(d)).isBroadcast() && !contains(indexed, cls) &&
          !contains(refClasses, cls))
        return v;
    }
  }
  return nullptr;
}

const ir::Val* referenceTensor(const SegmentView& view, const DimGraph& graph) {
  const ir::Val* best = nullptr;
  for (const ir::Val* out : view.outputs) {
    if (!out->isTensor() || view.isSegmentInput(out)) continue;
    if (best && out->asTensor()->rank() <= best->asTensor()->rank()) continue;
    if (!uncoveredBy(view, graph, out, allClasses(graph, out))) best = out;
  }
  return best;
}

std::vector<std::vector<const ir::Val*>> innerDimGroups(const SegmentView& view, const DimGraph& graph) {
  std::vector<int> keys;
  std::vector<std::vector<const ir::Val*>> groups;
  for (const ir::Val* v : tensorsAtBoundary(view)) {
    const int inner = innermostDim(view, v->asTensor());
    if (inner < 0) continue;
    const int key = graph.classOf(v, inner);
    auto it = std::find(keys.begin(), keys.end(), key);
    if (it == keys.end()) {
      keys.push_back(key);
      groups.push_back({v});
    } else {
      groups[static_cast<std::size_t>(it - keys.begin())].push_back(v);
    }
  }
  return groups;
}

namespace {

// Extents a broadcast dim becomes where it meets concrete dims, following it through the
// consumers that keep it broadcast.
void concretizations(const SegmentView& view, const ir::Val* v, int d, std::vector<ir::SymInt>& out) {
  for (const ir::Expr* use : view.usesInside(v)) {
    if (!use->output()->isTensor()) continue;
    for (std::size_t i = 0; i < use->numOperands(); ++i) {
      if (use->operand(i) != v) continue;
      const int c = consumerDims(use, i)[static_cast<std::size_t>(d)];
      if (c < 0) continue;
      const ir::Dim& dim = use->output()->asTensor()->dim(static_cast<std::size_t>(c));
      if (dim.isBroadcast())
        concretizations(view, use->output(), c, out);
      else if (std::find(out.begin(), out.end(), dim.extent) == out.end())
        out.push_back(dim.extent);
    }
  }
}

}  // namespace

const ir::Val* nonUniqueBroadcast(const SegmentView& view) {
  std::vector<const ir::Val*> tensors(view.inputs.begin(), view.inputs.end());
  for (const ir::Expr* e : view.exprs) tensors.insert(tensors.end(), e->outputs().begin(), e->outputs().end());
  for (const ir::Val* v : tensors) {
    if (!v->isTensor()) continue;
    for (int d = 0; d < v->asTensor()->rank(); ++d) {
      if (v->asTensor()->dim(static_cast<std::size_t>(d)).kind != ir::IterKind::Broadcast) continue;
      std::vector<ir::SymInt> extents;
      concretizations(view, v, d, extents);
      if (extents.size() > 1) return v;
    }
  }
  return nullptr;
}

const ir::Val* subByteTensor(const SegmentView& view) {
  auto subByte = [](const ir::Val* v) { return v->isTensor() && v->dtype() == ir::DataType::Float4_e2m1fn; };
  for (const ir::Val* v : view.inputs)
    if (subByte(v)) return v;
  for (const ir::Expr* e : view.exprs)
    for (const ir::Val* out : e->outputs())
      if (subByte(out)) return out;
  return nullptr;
}

bool isAliasOfInput(const SegmentView& view, const ir::Val* out, const RuntimeInfo* rt) {
  // csrc/scheduler/expr_eval_sched.cpp:18-40 allOutputsArePointerArithmetics: not an in-place
  // update target, and a segment input or a view (with a layout that allows it) of one.
  if (view.fusion->isAliasedOutput(out)) return false;  // a set, not a scan: thousands of outputs, per question
  if (view.isSegmentInput(out)) return out->isTensor();
  ExtentOf extents = constantExtents();
  if (rt)
    extents = [rt](const ir::TensorView* tv, int d) -> std::optional<std::int64_t> {
      const auto sizes = rt->sizes(tv);
      if (!sizes || static_cast<std::size_t>(d) >= sizes->size()) return std::nullopt;
      return (*sizes)[static_cast<std::size_t>(d)];
    };
  const std::vector<const ir::Val*> chain = viewChain(
      *view.fusion, out, [&](const ir::Val* t) { return view.isSegmentInput(t) || view.isSegmentOutput(t); }, extents);
  for (std::size_t i = 1; i < chain.size(); ++i) {
    if (view.isSegmentInput(chain[i])) return chain[i]->isTensor();
    if (!view.definitionInside(chain[i])) return false;
  }
  return false;
}

}  // namespace segscope::scheduler::analysis
