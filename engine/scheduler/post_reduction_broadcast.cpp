// The non-normalization post-reduction broadcast check (see post_reduction_broadcast.h).
#include "scheduler/post_reduction_broadcast.h"

#include <algorithm>
#include <set>

#include "scheduler/analysis.h"
#include "scheduler/pairwise_map.h"
#include "scheduler/value_index.h"

namespace segscope::scheduler::analysis {
namespace {

using Ids = std::vector<IdKey>;

bool hasBroadcast(const ir::Val* tv) {
  const auto& dims = tv->asTensor()->dims();
  return std::any_of(dims.begin(), dims.end(), [](const ir::Dim& d) { return d.isBroadcast(); });
}

// A tuple of ids as a sortable key for the visited sets.
std::vector<std::tuple<const void*, int, int>> keyOf(const ir::Val* at, const Ids& ids) {
  std::vector<std::tuple<const void*, int, int>> k{{at, -1, -1}};
  for (const IdKey& id : ids) k.emplace_back(id.owner, id.dim, static_cast<int>(id.kind));
  return k;
}

class Checker {
 public:
  Checker(const SegmentView& view, const RuntimeInfo* rt) : view_(view), rt_(rt), values_(valueIndexOf(view)) {
    collectPreReduction();
  }

  std::optional<UnsupportedPostReductionBroadcast> run() {
    for (const ir::Expr* r : reductionExprs(view_))
      for (const ir::Val* out : r->outputs()) {
        if (!out->isTensor()) continue;
        reduction_ = out;
        if (search(out)) return found_;
      }
    return std::nullopt;
  }

 private:
  struct Edge {
    const ir::Expr* expr;
    const ir::Val* consumer;
  };

  // pre_reduction_tvs: values on a path from a segment input to a reduction result; and the
  // values reachable from a segment input that is one (where backward chains may run). Kept
  // by value number: node-based sets here were a fifth of a small question's allocations.
  void collectPreReduction() {
    const std::size_t n = values_.size();
    const auto number = [&](const ir::Val* v) { return values_.indexOf(v); };
    const auto anyIn = [&](const std::vector<char>& marks, const std::vector<ir::Val*>& vals) {
      return std::any_of(vals.begin(), vals.end(), [&](const ir::Val* v) {
        const int i = number(v);
        return i != ValueIndex::kNone && marks[static_cast<std::size_t>(i)];
      });
    };
    const auto markAll = [&](std::vector<char>& marks, const std::vector<ir::Val*>& vals) {
      for (const ir::Val* v : vals)
        if (const int i = number(v); i != ValueIndex::kNone) marks[static_cast<std::size_t>(i)] = 1;
    };
    std::vector<char> fromInputs(n, 0), toReduction(n, 0);
    for (const ir::Val* in : view_.inputs) fromInputs[static_cast<std::size_t>(number(in))] = 1;
    for (const ir::Expr* e : view_.exprs)
      if (anyIn(fromInputs, e->inputs())) markAll(fromInputs, e->outputs());
    for (auto it = view_.exprs.rbegin(); it != view_.exprs.rend(); ++it) {
      const bool reduction = ir::isReductionOp(*it);
      if (!reduction && !anyIn(toReduction, (*it)->outputs())) continue;
      if (reduction) markAll(toReduction, (*it)->outputs());
      markAll(toReduction, (*it)->inputs());
    }
    pre_.assign(n, 0);
    for (std::size_t v = 0; v < n; ++v)
      pre_[v] = values_.val(static_cast<int>(v))->isTensor() && toReduction[v] && fromInputs[v];
    fromPreInput_.assign(n, 0);
    for (const ir::Val* in : view_.inputs)
      if (const auto i = static_cast<std::size_t>(number(in)); pre_[i]) fromPreInput_[i] = 1;
    for (const ir::Expr* e : view_.exprs)
      if (anyIn(fromPreInput_, e->inputs())) markAll(fromPreInput_, e->outputs());
  }
  bool isPre(const ir::Val* v) const {
    const int i = values_.indexOf(v);
    return i != ValueIndex::kNone && pre_[static_cast<std::size_t>(i)];
  }
  bool isFromPreInput(const ir::Val* v) const {
    const int i = values_.indexOf(v);
    return i != ValueIndex::kNone && fromPreInput_[static_cast<std::size_t>(i)];
  }

  std::vector<Edge> successors(const ir::Val* tv) const {
    std::vector<Edge> out;
    for (const ir::Expr* use : view_.usesInside(tv))
      for (const ir::Val* c : use->outputs())
        if (c->isTensor()) out.push_back(Edge{use, c});
    return out;
  }

  // Producer id -> consumer id pairs of one edge.
  std::vector<std::pair<IdKey, IdKey>> edgeMap(const ir::Val* producer, const Edge& edge) const {
    std::vector<std::pair<IdKey, IdKey>> pairs;
    for (std::size_t i = 0; i < edge.expr->numOperands(); ++i) {
      if (edge.expr->operand(i) != producer) continue;
      const auto map = pairwiseMap(edge.expr, i, edge.consumer, rt_);
      for (std::size_t p = 0; p < map.size(); ++p)
        if (map[p]) pairs.emplace_back(IdKey::logical(producer, static_cast<int>(p)), *map[p]);
    }
    return pairs;
  }

  // Step 1 (registry_utils.cpp:630-690) for one edge of a chain: find the ids a broadcast of
  // the producer resolves in the consumer.
  bool searchEdge(const ir::Val* producer, const Edge& edge) {
    if (!edges_.insert({producer, edge.expr, edge.consumer}).second) return false;
    if (!hasBroadcast(producer)) return search(edge.consumer);
    if (isPre(edge.consumer)) return false;  // e.g. softmax: feeds the next reduction
    Ids ids;
    for (const auto& [p, c] : edgeMap(producer, edge))
      if (isBroadcastId(p) && !isBroadcastId(c)) ids.push_back(c);
    if (ids.empty()) return search(edge.consumer);
    producer_ = producer;
    return advance(edge.consumer, ids);
  }

  bool search(const ir::Val* at) {
    for (const Edge& e : successors(at))
      if (searchEdge(at, e)) return true;
    return false;
  }

  // Step 2 (registry_utils.cpp:692-740): move forward while the next consumer has no
  // broadcast and carries one of the ids; step 3 wherever the move stops.
  bool advance(const ir::Val* at, const Ids& ids) {
    if (!advanced_.insert(keyOf(at, ids)).second) return false;
    const std::vector<Edge> next = successors(at);
    if (next.empty()) return resolveFails(at, ids);
    for (const Edge& e : next) {
      Ids moved = ids;
      bool anyMapped = false;
      for (const auto& [p, c] : edgeMap(at, e))
        for (IdKey& id : moved)
          if (id == p) {
            id = c;
            anyMapped = true;
          }
      if (hasBroadcast(e.consumer) || !anyMapped) {
        if (resolveFails(at, ids) || searchEdge(at, e)) return true;
      } else if (advance(e.consumer, moved)) {
        return true;
      }
    }
    return false;
  }

  // Step 3 (registry_utils.cpp:742-830): along dependency chains from the segment inputs the
  // reductions read, map the ids back; an id is resolved at a producer on the way to a
  // reduction where it is not a broadcast. A chain goes on while one of its ids maps.
  bool resolveFails(const ir::Val* at, const Ids& ids) {
    std::set<std::vector<std::tuple<const void*, int, int>>> visited;
    std::vector<bool> resolved(ids.size(), false);
    struct State {
      const ir::Val* tv;
      Ids running;
      std::vector<std::size_t> index;  // of each running id in `ids`
    };
    std::vector<State> stack;
    std::vector<std::size_t> all(ids.size());
    for (std::size_t i = 0; i < ids.size(); ++i) all[i] = i;
    stack.push_back(State{at, ids, all});
    while (!stack.empty()) {
      State s = std::move(stack.back());
      stack.pop_back();
      const ir::Expr* def = view_.definitionInside(s.tv);
      if (!def) continue;
      for (std::size_t i = 0; i < def->numOperands(); ++i) {
        const ir::Val* p = def->operand(i);
        if (!p->isTensor() || !isFromPreInput(p)) continue;
        const auto map = pairwiseMap(def, i, s.tv, rt_);
        State next{p, {}, {}};
        bool anyMapped = false;
        for (std::size_t k = 0; k < s.running.size(); ++k) {
          IdKey id = s.running[k];
          bool mapped = false;
          for (std::size_t d = 0; d < map.size() && !mapped; ++d) {
            if (!map[d] || !(*map[d] == s.running[k])) continue;
            mapped = true;
            id = IdKey::logical(p, static_cast<int>(d));
          }
          anyMapped = anyMapped || mapped;
          if (mapped && isPre(p) && !isBroadcastId(id)) {
            resolved[s.index[k]] = true;
            continue;
          }
          next.running.push_back(id);
          next.index.push_back(s.index[k]);
        }
        if (!anyMapped || next.running.empty()) continue;
        if (visited.insert(keyOf(p, next.running)).second) stack.push_back(std::move(next));
      }
    }
    for (std::size_t i = 0; i < ids.size(); ++i)
      if (!resolved[i]) {
        found_ = UnsupportedPostReductionBroadcast{reduction_, producer_, at};
        return true;
      }
    return false;
  }

  const SegmentView& view_;
  const RuntimeInfo* rt_;
  const ValueIndex& values_;
  std::vector<char> pre_, fromPreInput_;  // by value number
  std::set<std::tuple<const ir::Val*, const ir::Expr*, const ir::Val*>> edges_;
  std::set<std::vector<std::tuple<const void*, int, int>>> advanced_;
  const ir::Val* reduction_ = nullptr;
  const ir::Val* producer_ = nullptr;
  UnsupportedPostReductionBroadcast found_;
};

}  // namespace

std::optional<UnsupportedPostReductionBroadcast> nonNormalizePostReductionBroadcast(const SegmentView& view,
                                                                                    const RuntimeInfo* rt) {
  return Checker(view, rt).run();
}

}  // namespace segscope::scheduler::analysis
