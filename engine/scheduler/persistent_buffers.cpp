// Persistent buffers of a segment (see persistent_buffers.h).
#include "scheduler/persistent_buffers.h"

#include <algorithm>
#include <deque>
#include <unordered_map>
#include <unordered_set>

#include "scheduler/analysis.h"
#include "scheduler/exact_id_graph.h"
#include "scheduler/logical_domain_map.h"
#include "scheduler/view_memo.h"

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
  return def && isReductionOp(def);
}

// One statement of nvFuser's IterVisitor order: vals and exprs, post-order from the
// segment's terminating outputs (csrc/iter_visitor.cpp:150 traverseBetween).
struct Stmt {
  const ir::Val* val = nullptr;
  const ir::Expr* expr = nullptr;
};

std::vector<const ir::Val*> terminatingOutputs(const SegmentView& view) {
  ValSet outputs(view.outputs.begin(), view.outputs.end());
  std::unordered_set<const ir::Val*> reaches;  // values from which an output is reachable
  for (auto it = view.exprs.rbegin(); it != view.exprs.rend(); ++it)
    for (const ir::Val* out : (*it)->outputs())
      for (const ir::Expr* use : view.usesInside(out))
        for (const ir::Val* o : use->outputs())
          if (outputs.count(o) || reaches.count(o)) reaches.insert(out);
  std::vector<const ir::Val*> term;
  for (const ir::Val* o : view.outputs)
    if (!reaches.count(o)) term.push_back(o);
  return term;
}

std::vector<Stmt> iterVisitorOrder(const SegmentView& view) {
  std::vector<Stmt> order;
  std::unordered_set<const void*> visited;
  struct Frame {
    Stmt stmt;
    std::size_t next = 0;
  };
  for (const ir::Val* root : terminatingOutputs(view)) {
    if (visited.count(root)) continue;
    std::vector<Frame> stack{{Stmt{root, nullptr}}};
    visited.insert(root);
    while (!stack.empty()) {
      Frame& f = stack.back();
      std::vector<Stmt> next;
      if (f.stmt.val) {
        if (const ir::Expr* def = view.definitionInside(f.stmt.val)) next.push_back(Stmt{nullptr, def});
      } else {
        for (const ir::Val* in : f.stmt.expr->inputs()) next.push_back(Stmt{in, nullptr});
      }
      if (f.next < next.size()) {
        const Stmt s = next[f.next++];
        const void* key = s.val ? static_cast<const void*>(s.val) : static_cast<const void*>(s.expr);
        if (visited.insert(key).second) stack.push_back(Frame{s});
        continue;
      }
      order.push_back(f.stmt);
      stack.pop_back();
    }
  }
  return order;
}

// csrc/scheduler/utils.cpp:361-465 PersistentBufferResolution: walking in IterVisitor order
// from the buffer, values computed from a reduction met after it and values computed from the
// buffer; an expr reading both resolves the buffer.
std::vector<const ir::Val*> resolutionPoints(const SegmentView& view, const std::vector<Stmt>& order,
                                             const ir::Val* buffer) {
  bool hit = false;
  ValSet onReduction, onBuffer;
  std::vector<const ir::Val*> points;
  // The points and what is computed from them. The order is topological (an expr comes after
  // the exprs defining its inputs), so growing it expr by expr answers "is a point upstream of
  // this value" without a walk per reduction.
  ValSet fromPoints;
  view.memo().work += order.size();
  for (const Stmt& s : order) {
    if (s.val) {
      if (!s.val->isTensor()) continue;
      if (s.val == buffer) {
        hit = true;
        onBuffer.insert(s.val);
        continue;
      }
      if (!hit || !isReductionTv(view, s.val)) continue;
      if (!fromPoints.count(s.val)) onReduction.insert(s.val);
      continue;
    }
    if (!hit) continue;
    const ir::Expr* e = s.expr;
    auto any = [&](const ValSet& set) {
      return std::any_of(e->inputs().begin(), e->inputs().end(), [&](const ir::Val* v) { return set.count(v); });
    };
    if (!fromPoints.empty() && any(fromPoints)) fromPoints.insert(e->outputs().begin(), e->outputs().end());
    if (isReductionOp(e)) continue;  // a buffer is never resolved at a reduction
    const bool fromReduction = any(onReduction), fromBuffer = any(onBuffer);
    if (fromReduction && fromBuffer) {
      for (const ir::Val* out : e->outputs()) {
        if (out->isTensor()) {
          points.push_back(out);
          fromPoints.insert(out);
        }
        onBuffer.insert(out);
      }
    } else if (fromReduction) {
      onReduction.insert(e->outputs().begin(), e->outputs().end());
    } else if (fromBuffer) {
      onBuffer.insert(e->outputs().begin(), e->outputs().end());
    }
  }
  return points;
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
bool isCacheable(const SegmentView& view, const ExactIdGraph& exact, const ir::Val* tv,
                 const std::vector<const ir::Expr*>& reductions, UpstreamOfReductions& ups) {
  for (const ir::Expr* r : immediateReductions(view, tv, reductions, ups)) {
    bool missing = false, found = false;
    for (std::int64_t d : r->attrs().dims) {
      bool mapped = false;
      for (int k = 0; k < tv->asTensor()->rank() && !mapped; ++k)
        mapped = exact.mapped(IdKey::reduced(r, static_cast<int>(d)), IdKey::logical(tv, k));
      (mapped ? found : missing) = true;
    }
    if (missing && found) return false;
  }
  return true;
}

}  // namespace

namespace {

std::vector<PersistentBuffer> computePersistentBuffers(const SegmentView& view, const RuntimeInfo* rt) {
  const std::vector<const ir::Expr*> reductions = reductionExprs(view);
  if (reductions.empty()) return {};
  const LogicalDomainMap logicalMap(view, rt);
  const ExactIdGraph almostExact(view, rt, false);
  UpstreamOfReductions ups(view);
  std::vector<const ir::Val*> tensors;
  for (const ir::Val* v : view.inputs)
    if (v->isTensor()) tensors.push_back(v);
  for (const ir::Expr* e : view.exprs)
    for (const ir::Val* v : e->outputs())
      if (v->isTensor()) tensors.push_back(v);

  std::vector<const ir::Val*> candidates;
  for (const ir::Val* tv : tensors)
    if (!logicalMap.unmappableDims(tv).empty() && isCacheable(view, almostExact, tv, reductions, ups))
      candidates.push_back(tv);
  if (candidates.empty()) return {};

  const std::vector<Stmt> order = iterVisitorOrder(view);
  const ExactIdGraph reach(view, rt, true);
  std::vector<PersistentBuffer> buffers;
  for (const ir::Val* tv : candidates) {
    std::vector<const ir::Val*> points = resolutionPoints(view, order, tv);
    if (points.empty()) points = fallbackResolutionPoints(view, order, reach, tv, ups);
    if (points.empty()) continue;
    const ValSet down = downstream(view, tv);
    auto firstRed =
        std::find_if(reductions.begin(), reductions.end(), [&](const ir::Expr* r) { return down.count(r->output()); });
    buffers.push_back(PersistentBuffer{tv, firstRed != reductions.end() ? *firstRed : reductions.front(),
                                       view.definitionInside(points.front()), logicalMap.unmappableDims(tv)});
  }
  std::sort(buffers.begin(), buffers.end(),
            [](const PersistentBuffer& a, const PersistentBuffer& b) { return a.tv->id() < b.tv->id(); });
  return buffers;
}

}  // namespace

std::vector<PersistentBuffer> persistentBuffers(const SegmentView& view, const RuntimeInfo* rt) {
  ViewMemo& memo = view.memo();
  // The run-time sizes only decide how reshapes split and merge dims (reshapeDimGroups):
  // without a reshape, both questions have one answer.
  if (!memo.hasViewOp) memo.hasViewOp = firstExprWhere(view, isViewOp) != nullptr;
  if (!rt || !*memo.hasViewOp) {
    if (!memo.buffers) memo.buffers = computePersistentBuffers(view, nullptr);
    return *memo.buffers;
  }
  if (!memo.buffersWithSizes || memo.buffersRt != rt) {
    memo.buffersWithSizes = computePersistentBuffers(view, rt);
    memo.buffersRt = rt;
  }
  return *memo.buffersWithSizes;
}

namespace {

std::int64_t elementsOf(const ir::Val* tv, const std::vector<int>& dims, const RuntimeInfo& rt) {
  const auto sizes = rt.sizes(tv);
  if (!sizes || dims.empty()) return 0;
  std::int64_t n = 1;
  for (int d : dims) n *= (*sizes)[static_cast<std::size_t>(d)];
  return n;
}

// csrc/scheduler/utils.cpp:539-556 getUpCastInputOf: an intermediate made by widening a cast
// of another intermediate is kept in the narrower type.
int bufferElementBytes(const SegmentView& view, const ir::Val* tv) {
  const ir::Expr* def = view.definitionInside(tv);
  if (def && def->family() == ir::OpFamily::Cast && !view.isSegmentInput(def->operand(0)) &&
      ir::byteSize(def->operand(0)->dtype()) < ir::byteSize(tv->dtype()))
    return ir::byteSize(def->operand(0)->dtype());
  return ir::byteSize(tv->dtype());
}

}  // namespace

BufferSize persistentBufferSize(const SegmentView& view, const std::vector<PersistentBuffer>& buffers,
                                const RuntimeInfo& rt) {
  BufferSize size;
  if (buffers.empty()) return size;
  std::int64_t largest = -1;
  for (const PersistentBuffer& b : buffers) {
    const std::int64_t bytes = elementsOf(b.tv, b.dims, rt) * bufferElementBytes(view, b.tv);
    size.persistentBytes += bytes;
    if (bytes > largest) {
      largest = bytes;
      size.largestName = b.tv->name();
    }
  }
  // Projection: recompute the buffers from the segment inputs they are made of.
  const ExactIdGraph exact(view, &rt, false);
  ValSet sources;
  for (const PersistentBuffer& b : buffers) {
    const ValSet up = upstream(view, b.tv);
    sources.insert(up.begin(), up.end());
    if (view.isSegmentInput(b.tv)) sources.insert(b.tv);  // an input buffer is its own projection
  }
  bool blocked = false, hasExp = false;
  for (const ir::Val* v : sources) {
    if (!v->isTensor()) continue;
    if (const ir::Expr* def = view.definitionInside(v)) {
      const bool rng = def->family() == ir::OpFamily::RandomFill || def->family() == ir::OpFamily::RandLike;
      blocked = blocked || isViewOp(def) || rng || isReductionOp(def);
      hasExp = hasExp || def->op() == ir::OpType::Exp;
      continue;
    }
    std::vector<int> held;
    for (int d = 0; d < v->asTensor()->rank(); ++d) {
      if (v->asTensor()->dim(static_cast<std::size_t>(d)).isBroadcast()) continue;
      const bool mapped = std::any_of(buffers.begin(), buffers.end(), [&](const PersistentBuffer& b) {
        return std::any_of(b.dims.begin(), b.dims.end(),
                           [&](int bd) { return exact.mapped(IdKey::logical(v, d), IdKey::logical(b.tv, bd)); });
      });
      if (mapped) held.push_back(d);
    }
    size.projectedBytes += elementsOf(v, held, rt) * ir::byteSize(v->dtype());
  }
  for (const PersistentBuffer& b : buffers)
    if (const ir::Expr* def = view.definitionInside(b.tv)) blocked = blocked || isViewOp(def) || isReductionOp(def);
  size.canProject = !blocked && size.projectedBytes < size.persistentBytes;
  size.projectionIsFree = !hasExp;
  return size;
}

}  // namespace segscope::scheduler::analysis
