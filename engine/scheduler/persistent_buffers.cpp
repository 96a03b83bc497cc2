// Persistent buffers of a segment (see persistent_buffers.h).
#include "scheduler/persistent_buffers.h"

#include <algorithm>
#include <deque>
#include <iterator>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "scheduler/analysis.h"
#include "scheduler/buffer_projection.h"
#include "scheduler/exact_id_graph.h"
#include "scheduler/logical_domain_map.h"
#include "scheduler/reshape_dims.h"
#include "scheduler/value_index.h"
#include "scheduler/view_memo.h"
#include "support/flat_hash_map.h"

namespace segscope::scheduler::analysis {
namespace {

using ValSet = std::unordered_set<const ir::Val*>;

// Tensors of the segment that `v` is computed from (not `v` itself).
ValSet upstream(const SegmentView& view, const ir::Val* v) {
  ValSet up;
  std::vector<const ir::Val*> stack{v};
  while (!stack.empty()) {
    const ir::Val* x = stack.back();
    stack.pop_back();
    if (const ir::Expr* def = view.definitionInside(x))
      for (const ir::Val* in : def->inputs())
        if (up.insert(in).second) stack.push_back(in);
  }
  view.memo().work += up.size();
  return up;
}

// upstream() of the reductions, computed once per persistentBuffers call: every candidate
// buffer asks about the same reductions, and recomputing them made a 4k-op norm stack cubic.
class UpstreamOfReductions {
 public:
  explicit UpstreamOfReductions(const SegmentView& view) : view_(view) {}
  const ValSet& of(const ir::Val* v) {
    auto it = memo_.find(v);
    if (it == memo_.end()) it = memo_.emplace(v, upstream(view_, v)).first;
    return it->second;
  }

 private:
  const SegmentView& view_;
  std::unordered_map<const ir::Val*, ValSet> memo_;
};

// Values computed from `v` inside the segment (not `v` itself).
ValSet downstream(const SegmentView& view, const ir::Val* v) {
  ValSet down;
  std::vector<const ir::Val*> stack{v};
  while (!stack.empty()) {
    const ir::Val* x = stack.back();
    stack.pop_back();
    for (const ir::Expr* use : view.usesInside(x))
      for (const ir::Val* out : use->outputs())
        if (down.insert(out).second) stack.push_back(out);
  }
  view.memo().work += down.size();
  return down;
}

bool isReductionTv(const SegmentView& view, const ir::Val* v) {
  const ir::Expr* def = view.definitionInside(v);
  return def && ir::isReductionOp(def);
}

// One statement of nvFuser's IterVisitor order: vals and exprs, post-order from the
// segment's terminating outputs (csrc/iter_visitor.cpp:150 traverseBetween).
struct Stmt {
  const ir::Val* val = nullptr;
  const ir::Expr* expr = nullptr;
};

std::vector<const ir::Val*> terminatingOutputs(const SegmentView& view) {
  support::FlatHashMap<const ir::Val*, bool> reaches;  // true: an output is computed from it
  reaches.reserve(view.outputs.size() + view.exprs.size());
  for (const ir::Val* o : view.outputs) reaches.tryEmplace(o, false);
  const auto isOutputOrReaches = [&](const ir::Val* v) { return reaches.find(v) != nullptr; };
  for (auto it = view.exprs.rbegin(); it != view.exprs.rend(); ++it)
    for (const ir::Val* out : (*it)->outputs())
      for (const ir::Expr* use : out->uses())  // a use listed twice only asks twice
        if (view.contains(use))
          for (const ir::Val* o : use->outputs())
            if (isOutputOrReaches(o)) *reaches.tryEmplace(out, true).first = true;
  std::vector<const ir::Val*> term;
  for (const ir::Val* o : view.outputs)
    if (!*reaches.find(o)) term.push_back(o);
  return term;
}

std::vector<Stmt> iterVisitorOrder(const SegmentView& view) {
  std::vector<Stmt> order;
  order.reserve(view.exprs.size() * 3);
  support::FlatHashMap<const void*, bool> visited;
  visited.reserve(view.exprs.size() * 3);
  struct Frame {
    Stmt stmt;
    std::size_t next = 0;
  };
  // The statements below `s`, in the order the visitor takes them: a value's definition, an
  // expr's inputs.
  const auto childCount = [&](const Stmt& s) -> std::size_t {
    if (s.val) return view.definitionInside(s.val) ? 1 : 0;
    return s.expr->inputs().size();
  };
  const auto child = [&](const Stmt& s, std::size_t k) {
    return s.val ? Stmt{nullptr, view.definitionInside(s.val)} : Stmt{s.expr->inputs()[k], nullptr};
  };
  std::vector<Frame> stack;
  for (const ir::Val* root : terminatingOutputs(view)) {
    if (!visited.tryEmplace(root, true).second) continue;
    stack.assign(1, Frame{Stmt{root, nullptr}});
    while (!stack.empty()) {
      Frame& f = stack.back();
      if (f.next < childCount(f.stmt)) {
        const Stmt s = child(f.stmt, f.next++);
        const void* key = s.val ? static_cast<const void*>(s.val) : static_cast<const void*>(s.expr);
        if (visited.tryEmplace(key, true).second) stack.push_back(Frame{s});
        continue;
      }
      order.push_back(f.stmt);
      stack.pop_back();
    }
  }
  return order;
}

// The statements of `order` in value numbers, flat (ValueIndex::kNone for a value outside the
// segment): a val statement per tensor of the segment, an expr statement with its operands'
// and outputs' numbers in one shared array.
struct NumberedStmts {
  struct Stmt {
    int val = ValueIndex::kNone;  // a tensor val statement; kNone: an expr statement
    bool reductionTv = false;     // val: defined by a reduction inside the segment
    bool reduction = false;       // expr: a reduction
    const ir::Expr* expr = nullptr;
    std::uint32_t ins = 0, outs = 0, tensorOuts = 0, end = 0;  // [ins, outs), [outs, tensorOuts), [tensorOuts, end)
  };
  std::vector<Stmt> stmts;
  std::vector<int> ids;
  std::vector<std::size_t> stmtOfVal;  // by value number: its val statement, or stmts.size()
};

NumberedStmts numbered(const SegmentView& view, const ValueIndex& index, const std::vector<Stmt>& order) {
  NumberedStmts out;
  out.stmts.reserve(order.size());
  out.stmtOfVal.assign(index.size(), static_cast<std::size_t>(-1));
  const auto mark = [&]() { return static_cast<std::uint32_t>(out.ids.size()); };
  for (const Stmt& s : order) {
    NumberedStmts::Stmt n;
    if (s.val) {
      if (!s.val->isTensor()) continue;
      n.val = index.indexOf(s.val);
      if (n.val == ValueIndex::kNone) continue;
      n.reductionTv = isReductionTv(view, s.val);
      out.stmtOfVal[static_cast<std::size_t>(n.val)] = out.stmts.size();
    } else {
      n.expr = s.expr;
      n.reduction = ir::isReductionOp(s.expr);
      n.ins = mark();
      for (const ir::Val* v : s.expr->inputs())
        if (const int i = index.indexOf(v); i != ValueIndex::kNone) out.ids.push_back(i);
      n.outs = mark();
      for (const ir::Val* v : s.expr->outputs()) out.ids.push_back(index.indexOf(v));
      n.tensorOuts = mark();
      for (const ir::Val* v : s.expr->outputs())
        if (v->isTensor()) out.ids.push_back(index.indexOf(v));
      n.end = mark();
    }
    out.stmts.push_back(n);
  }
  for (std::size_t& at : out.stmtOfVal)
    if (at == static_cast<std::size_t>(-1)) at = out.stmts.size();
  return out;
}

// csrc/scheduler/utils.cpp:361-465 PersistentBufferResolution: walking in IterVisitor order
// from the buffer, values computed from a reduction met after it and values computed from the
// buffer; an expr reading both resolves the buffer. Reductions computed from a resolution point
// start nothing, and a buffer is never resolved at a reduction.
//
// nvFuser walks the whole fusion once per buffer. Here one walk answers 64 buffers: bit b of a
// value's word says whether the value is in buffer b's set, so every step below is the
// per-buffer rule applied to all 64 at once. Buffers are batched in walk order and a batch's
// walk starts at its first buffer: nothing happens before a buffer is met.
std::vector<std::vector<const ir::Val*>> resolutionPointsOfAll(const SegmentView& view, const ValueIndex& index,
                                                               const std::vector<Stmt>& order,
                                                               const std::vector<const ir::Val*>& candidates) {
  std::vector<std::vector<const ir::Val*>> points(candidates.size());
  const NumberedStmts numberedStmts = numbered(view, index, order);
  const std::vector<NumberedStmts::Stmt>& stmts = numberedStmts.stmts;
  const std::vector<int>& ids = numberedStmts.ids;
  std::vector<std::size_t> byStmt(candidates.size());
  std::vector<std::size_t> stmtOf(candidates.size());
  for (std::size_t c = 0; c < candidates.size(); ++c) {
    byStmt[c] = c;
    stmtOf[c] = numberedStmts.stmtOfVal[static_cast<std::size_t>(index.indexOf(candidates[c]))];
  }
  std::stable_sort(byStmt.begin(), byStmt.end(), [&](std::size_t x, std::size_t y) { return stmtOf[x] < stmtOf[y]; });
  const std::size_t n = index.size();
  // By value number, left zero after each batch.
  ValueIndex::Words bufferBits(n, 0), onBuffer(n, 0), onReduction(n, 0), fromPoints(n, 0);
  const auto any = [&](const ValueIndex::Words& words, std::uint32_t from, std::uint32_t to) {
    std::uint64_t bits = 0;
    for (std::uint32_t k = from; k < to; ++k) bits |= words[static_cast<std::size_t>(ids[k])];
    return bits;
  };
  const auto addTo = [&](ValueIndex::Words& words, std::uint32_t from, std::uint32_t to, std::uint64_t bits) {
    if (!bits) return;
    for (std::uint32_t k = from; k < to; ++k)
      if (ids[k] != ValueIndex::kNone) words[static_cast<std::size_t>(ids[k])] |= bits;
  };
  for (std::size_t first = 0; first < byStmt.size(); first += 64) {
    const std::size_t count = std::min<std::size_t>(64, byStmt.size() - first);
    for (std::size_t b = 0; b < count; ++b)
      bufferBits[static_cast<std::size_t>(index.indexOf(candidates[byStmt[first + b]]))] |= std::uint64_t{1} << b;
    const std::size_t begin = std::min(stmtOf[byStmt[first]], stmts.size());
    std::uint64_t hit = 0;
    view.memo().work += stmts.size() - begin;
    for (std::size_t k = begin; k < stmts.size(); ++k) {
      const NumberedStmts::Stmt& s = stmts[k];
      if (!s.expr) {
        const auto v = static_cast<std::size_t>(s.val);
        const std::uint64_t self = bufferBits[v];
        hit |= self;
        onBuffer[v] |= self;
        if (s.reductionTv) onReduction[v] |= hit & ~self & ~fromPoints[v];
        continue;
      }
      if (!hit) continue;
      addTo(fromPoints, s.outs, s.tensorOuts, any(fromPoints, s.ins, s.outs) & hit);
      if (s.reduction) continue;
      const std::uint64_t fromReduction = any(onReduction, s.ins, s.outs) & hit;
      const std::uint64_t fromBuffer = any(onBuffer, s.ins, s.outs) & hit;
      const std::uint64_t both = fromReduction & fromBuffer;
      forEachBit(both, [&](int b) {
        for (std::uint32_t t = s.tensorOuts; t < s.end; ++t)
          points[byStmt[first + static_cast<std::size_t>(b)]].push_back(index.val(ids[t]));
      });
      addTo(fromPoints, s.tensorOuts, s.end, both);
      addTo(onBuffer, s.outs, s.tensorOuts, both | (fromBuffer & ~fromReduction));
      addTo(onReduction, s.outs, s.tensorOuts, fromReduction & ~fromBuffer);
    }
    for (std::size_t k = begin; k < stmts.size(); ++k) {  // every value the walk may have marked
      const NumberedStmts::Stmt& s = stmts[k];
      if (!s.expr) {
        const auto v = static_cast<std::size_t>(s.val);
        bufferBits[v] = onBuffer[v] = onReduction[v] = fromPoints[v] = 0;
        continue;
      }
      for (std::uint32_t t = s.outs; t < s.tensorOuts; ++t)
        if (ids[t] != ValueIndex::kNone) {
          const auto v = static_cast<std::size_t>(ids[t]);
          onBuffer[v] = onReduction[v] = fromPoints[v] = 0;
        }
    }
    for (std::size_t b = 0; b < count; ++b)
      bufferBits[static_cast<std::size_t>(index.indexOf(candidates[byStmt[first + b]]))] = 0;
  }
  return points;
}

// For each candidate, the first reduction (in segment order) computed from it, or null.
// Candidates go 64 at a time, one bit each, in value order; a batch's forward sweep starts at
// its first candidate and stops when every bit has its reduction or no value still read ahead
// carries an unassigned bit (reductions come in value order, so the first met is the first).
std::vector<const ir::Expr*> firstReductionsFrom(const ValueIndex& index, const std::vector<const ir::Val*>& candidates,
                                                 const std::vector<const ir::Expr*>& reductions) {
  std::vector<const ir::Expr*> first(candidates.size(), nullptr);
  const std::size_t n = index.size();
  std::vector<const ir::Expr*> reductionAt(n, nullptr);
  for (const ir::Expr* r : reductions) reductionAt[static_cast<std::size_t>(index.indexOf(r->output()))] = r;
  std::vector<std::size_t> byValue(candidates.size());
  std::vector<int> valueOf(candidates.size());
  for (std::size_t c = 0; c < candidates.size(); ++c) {
    byValue[c] = c;
    valueOf[c] = index.indexOf(candidates[c]);
  }
  std::stable_sort(byValue.begin(), byValue.end(),
                   [&](std::size_t x, std::size_t y) { return valueOf[x] < valueOf[y]; });
  std::vector<std::uint64_t> seed(n, 0), down(n, 0);  // left zero after each batch
  for (std::size_t start = 0; start < byValue.size(); start += 64) {
    const std::size_t count = std::min<std::size_t>(64, byValue.size() - start);
    const int lo = valueOf[byValue[start]];
    int liveUntil = valueOf[byValue[start + count - 1]];
    const std::uint64_t all = count == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << count) - 1;
    for (std::size_t b = 0; b < count; ++b)
      seed[static_cast<std::size_t>(valueOf[byValue[start + b]])] |= std::uint64_t{1} << b;
    std::uint64_t assigned = 0;
    int i = lo;
    for (; i < static_cast<int>(n) && i <= liveUntil && assigned != all; ++i) {
      const auto at = static_cast<std::size_t>(i);
      std::uint64_t bits = 0;
      for (const int p : index.producers(i)) bits |= down[static_cast<std::size_t>(p)];
      if (const ir::Expr* r = reductionAt[at]) {
        const std::uint64_t fresh = bits & ~assigned;  // a value is not computed from itself
        forEachBit(fresh, [&](int b) { first[byValue[start + static_cast<std::size_t>(b)]] = r; });
        assigned |= fresh;
      }
      bits = (bits | seed[at]) & ~assigned;
      down[at] = bits;
      if (bits) liveUntil = std::max(liveUntil, index.lastConsumer(i));
    }
    std::fill(down.begin() + lo, down.begin() + i, 0);
    for (std::size_t b = 0; b < count; ++b) seed[static_cast<std::size_t>(valueOf[byValue[start + b]])] = 0;
  }
  return first;
}

// csrc/scheduler/normalization_utils.cpp:1780-1880 getResolutionTvs: from the buffer's other
// consumers, search producers and consumers that share an id with the reduced dims until a
// value computed from the reduction is met.
std::vector<const ir::Val*> resolutionTvs(const SegmentView& view, const ExactIdGraph& reach, const ir::Val* buffer,
                                          const ir::Expr* reduction, UpstreamOfReductions& ups) {
  const ir::Val* red = reduction->output();
  const ValSet& redUp = ups.of(red);
  ValSet between;  // DependencyCheck::getAllValsBetween({buffer}, {reduction})
  for (const ir::Val* v : downstream(view, buffer))
    if (v == red || redUp.count(v)) between.insert(v);
  between.insert(buffer);
  const ValSet dependents = downstream(view, red);
  if (dependents.empty()) return {};
  std::vector<int> persistentSets;
  for (std::int64_t d : reduction->attrs().dims)
    persistentSets.push_back(reach.setOf(IdKey::reduced(reduction, static_cast<int>(d))));
  auto reachable = [&](const ir::Val* tv) {
    for (int d = 0; d < tv->asTensor()->rank(); ++d)
      if (std::find(persistentSets.begin(), persistentSets.end(), reach.setOf(IdKey::logical(tv, d))) !=
          persistentSets.end())
        return true;
    return false;
  };
  ValSet visited;
  auto shouldVisit = [&](const ir::Val* tv) {
    return tv->isTensor() && tv != buffer && !visited.count(tv) && !between.count(tv) && reachable(tv);
  };
  std::deque<const ir::Val*> queue;
  for (const ir::Expr* use : view.usesInside(buffer))
    for (const ir::Val* out : use->outputs())
      if (out->isTensor() && !between.count(out)) queue.push_back(out);
  std::vector<const ir::Val*> points;
  while (!queue.empty()) {
    const ir::Val* tv = queue.front();
    queue.pop_front();
    ++view.memo().work;
    if (dependents.count(tv)) {
      points.push_back(tv);
      continue;
    }
    if (const ir::Expr* def = view.definitionInside(tv))
      for (const ir::Val* p : def->inputs())
        if (shouldVisit(p)) queue.push_back(p);
    for (const ir::Expr* use : view.usesInside(tv))
      for (const ir::Val* c : use->outputs())
        if (shouldVisit(c)) queue.push_back(c);
    visited.insert(tv);
  }
  return points;
}

// normalization_utils.cpp:1731-1779: the fallback, for buffers whose paths are not straight.
std::vector<const ir::Val*> fallbackResolutionPoints(const SegmentView& view, const std::vector<Stmt>& order,
                                                     const ExactIdGraph& reach, const ir::Val* buffer,
                                                     UpstreamOfReductions& ups) {
  bool hit = false;
  std::vector<const ir::Val*> points;
  const ValSet fromBuffer = downstream(view, buffer);
  view.memo().work += order.size();
  for (const Stmt& s : order) {
    if (!s.val || !s.val->isTensor()) continue;
    if (s.val == buffer) {
      hit = true;
      continue;
    }
    if (!hit || !isReductionTv(view, s.val)) continue;
    const ValSet& up = ups.of(s.val);
    if (std::any_of(points.begin(), points.end(), [&](const ir::Val* p) { return up.count(p); })) continue;
    if (!fromBuffer.count(s.val)) continue;
    const auto found = resolutionTvs(view, reach, buffer, view.definitionInside(s.val), ups);
    points.insert(points.end(), found.begin(), found.end());
  }
  return points;
}

// Reductions computed from `tv` with no other reduction in between.
std::vector<const ir::Expr*> immediateReductions(const SegmentView& view, const ir::Val* tv,
                                                 const std::vector<const ir::Expr*>& reductions,
                                                 UpstreamOfReductions& ups) {
  const ValSet down = downstream(view, tv);
  std::vector<const ir::Expr*> immediate;
  for (const ir::Expr* r : reductions) {
    if (!down.count(r->output())) continue;
    const ValSet& up = ups.of(r->output());
    const bool throughOther = std::any_of(reductions.begin(), reductions.end(), [&](const ir::Expr* o) {
      return o != r && down.count(o->output()) && up.count(o->output());
    });
    if (!throughOther) immediate.push_back(r);
  }
  return immediate;
}

// csrc/scheduler/normalization_utils.cpp:1918-2023 isCacheableUnmappableTv: for each reduction
// right after it, the tensor holds either all or none of the reduced dims (almost-exactly).
bool holdsSomeReducedDims(const ExactIdGraph& exact, const ir::Val* tv, const ir::Expr* r) {
  bool missing = false, found = false;
  for (std::int64_t d : r->attrs().dims) {
    bool mapped = false;
    for (int k = 0; k < tv->asTensor()->rank() && !mapped; ++k)
      mapped = exact.mapped(IdKey::reduced(r, static_cast<int>(d)), IdKey::logical(tv, k));
    (mapped ? found : missing) = true;
  }
  return missing && found;
}

bool isCacheable(const SegmentView& view, const ExactIdGraph& exact, const ir::Val* tv,
                 const std::vector<const ir::Expr*>& reductions, const std::vector<const ir::Expr*>& multiDim,
                 UpstreamOfReductions& ups) {
  // Only a reduction of two or more dims can be held in part. When no reduction is, which
  // reductions come right after `tv` does not matter: skipping that walk keeps a long chain
  // of single-dim normalizations linear.
  const bool partOfAny = std::any_of(multiDim.begin(), multiDim.end(),
                                     [&](const ir::Expr* r) { return holdsSomeReducedDims(exact, tv, r); });
  if (!partOfAny) return true;
  for (const ir::Expr* r : immediateReductions(view, tv, reductions, ups))
    if (holdsSomeReducedDims(exact, tv, r)) return false;
  return true;
}

}  // namespace

namespace {

// Whether some tensor of the segment can have an unmappable dim at all. The map joins a
// producer dim with its consumer dim unconditionally when the dim has one consumer dim
// (safeToMap, csrc/logical_domain_map.cpp:1645), so a dim is unmappable only when it has
// two or more that a reduction's result keeps apart, or when an op leaves it without a
// non-broadcast partner. Most merge candidates have neither, and this one pass over the uses
// spares them the whole map.
bool mayHaveUnmappableDim(const SegmentView& view, const RuntimeInfo* rt) {
  support::FlatHashMap<IdKey, IdKey, IdKeyHash> onlyConsumer;
  bool manyConsumers = false;
  for (const ir::Expr* e : view.exprs)
    for (const ir::Val* out : e->outputs()) {
      if (!out->isTensor()) continue;
      for (std::size_t i = 0; i < e->numOperands(); ++i) {
        const ir::Val* in = e->operand(i);
        if (!in->isTensor()) continue;
        const auto map = pairwiseMap(e, i, out, rt);
        const ir::TensorView* t = in->asTensor();
        for (int d = 0; d < t->rank(); ++d) {
          if (t->dim(static_cast<std::size_t>(d)).isBroadcast()) continue;
          const auto& to = static_cast<std::size_t>(d) < map.size() ? map[static_cast<std::size_t>(d)] : std::nullopt;
          if (!to || isBroadcastId(*to)) {
            if (!ir::isIndexOp(e)) return true;  // unmappableDims counts it; the index ops are skipped there
            continue;
          }
          const auto [only, first] = onlyConsumer.tryEmplace(IdKey::logical(in, d), *to);
          manyConsumers = manyConsumers || (!first && !(*only == *to));
        }
      }
    }
  view.memo().work += view.exprs.size();
  if (!manyConsumers) return false;
  // Two consumer dims are kept apart only when one is computed from a reduction's result
  // (isReductionOutputMapped): with no reduction result read inside, all of them join.
  return std::any_of(view.exprs.begin(), view.exprs.end(), [&](const ir::Expr* e) {
    return ir::isReductionOp(e) && std::any_of(e->outputs().begin(), e->outputs().end(),
                                               [&](const ir::Val* o) { return !view.usesInside(o).empty(); });
  });
}

PersistentBufferInfo computePersistentBuffers(const SegmentView& view, const RuntimeInfo* rt) {
  PersistentBufferInfo info;
  const std::vector<const ir::Expr*>& reductions = reductionExprs(view);
  if (reductions.empty() || !mayHaveUnmappableDim(view, rt)) return info;
  const LogicalDomainMap logicalMap(view, rt);
  const ExactIdGraph almostExact(view, rt, false);
  UpstreamOfReductions ups(view);
  std::vector<const ir::Expr*> multiDim;
  std::copy_if(reductions.begin(), reductions.end(), std::back_inserter(multiDim),
               [](const ir::Expr* r) { return r->attrs().dims.size() > 1; });
  std::vector<const ir::Val*> tensors;
  for (const ir::Val* v : view.inputs)
    if (v->isTensor()) tensors.push_back(v);
  for (const ir::Expr* e : view.exprs)
    for (const ir::Val* v : e->outputs())
      if (v->isTensor()) tensors.push_back(v);

  std::vector<const ir::Val*> candidates;
  for (const ir::Val* tv : tensors) {
    std::vector<int> dims = logicalMap.unmappableDims(tv);
    if (dims.empty()) continue;
    info.unmappable.emplace_back(tv, std::move(dims));
    if (isCacheable(view, almostExact, tv, reductions, multiDim, ups)) candidates.push_back(tv);
  }
  if (candidates.empty()) return info;

  const std::vector<Stmt> order = iterVisitorOrder(view);
  const ValueIndex& index = valueIndexOf(view);
  std::vector<std::vector<const ir::Val*>> points = resolutionPointsOfAll(view, index, order, candidates);
  const std::vector<const ir::Expr*> firstReductions = firstReductionsFrom(index, candidates, reductions);
  std::optional<ExactIdGraph> reach;
  for (std::size_t c = 0; c < candidates.size(); ++c) {
    const ir::Val* tv = candidates[c];
    if (points[c].empty()) {
      if (!reach) reach.emplace(view, rt, true);
      points[c] = fallbackResolutionPoints(view, order, *reach, tv, ups);
    }
    if (points[c].empty()) continue;
    info.buffers.push_back(PersistentBuffer{tv, firstReductions[c] ? firstReductions[c] : reductions.front(),
                                            view.definitionInside(points[c].front()), logicalMap.unmappableDims(tv),
                                            std::move(points[c])});
  }
  std::sort(info.buffers.begin(), info.buffers.end(),
            [](const PersistentBuffer& a, const PersistentBuffer& b) { return a.tv->id() < b.tv->id(); });
  info.hasViewOps = firstExprWhere(view, ir::isViewOp) != nullptr;
  if (!info.buffers.empty() && !info.hasViewOps)
    info.projection = projectBuffers(view, index, info.buffers, info.unmappable, almostExact, [&](const ir::Val* tv) {
      return isCacheable(view, almostExact, tv, reductions, multiDim, ups);
    });
  return info;
}

}  // namespace

namespace {

// Whether the sizes in `rt` make some reshape of the view split or merge other dims than its
// static extents do.
bool sizesRegroupReshapes(const SegmentView& view, const RuntimeInfo* rt) {
  return std::any_of(view.exprs.begin(), view.exprs.end(), [&](const ir::Expr* e) {
    return ir::isViewOp(e) && reshapeDimGroups(e, rt) != reshapeDimGroups(e, nullptr);
  });
}

}  // namespace

const PersistentBufferInfo& persistentBufferInfo(const SegmentView& view, const RuntimeInfo* rt) {
  ViewMemo& memo = view.memo();
  // The run-time sizes reach the analysis only through how reshapes split and merge dims
  // (reshapeDimGroups, in the pairwise maps, the compute-at map and the exact graphs): without
  // a reshape, or when no reshape's groups change with them, both questions have one answer.
  if (!memo.hasViewOp) memo.hasViewOp = firstExprWhere(view, ir::isViewOp) != nullptr;
  if (rt && *memo.hasViewOp && (memo.buffersRt != rt || !memo.sizesRegroup)) {
    memo.sizesRegroup = sizesRegroupReshapes(view, rt);
    memo.buffersWithSizes.reset();
    memo.buffersRt = rt;
  }
  if (!rt || !*memo.hasViewOp || !*memo.sizesRegroup) {
    if (!memo.buffers)
      memo.buffers = std::make_shared<const PersistentBufferInfo>(computePersistentBuffers(view, nullptr));
    return *memo.buffers;
  }
  if (!memo.buffersWithSizes)
    memo.buffersWithSizes = std::make_shared<const PersistentBufferInfo>(computePersistentBuffers(view, rt));
  return *memo.buffersWithSizes;
}

std::vector<PersistentBuffer> persistentBuffers(const SegmentView& view, const RuntimeInfo* rt) {
  return persistentBufferInfo(view, rt).buffers;
}

}  // namespace segscope::scheduler::analysis
