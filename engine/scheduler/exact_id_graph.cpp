// Exact id sets of a segment (see exact_id_graph.h).
#include "scheduler/exact_id_graph.h"

#include "scheduler/analysis.h"
#include "scheduler/reshape_dims.h"

namespace segscope::scheduler::analysis {

namespace {

// A slice, pad or cat that changes a dim's extent makes a new id from it through a Resize
// (csrc/ops/alias.cpp slice :938-955, pad, cat): not the same loop. One that keeps the extent
// (a full-range slice, a zero pad) keeps the id.
bool resized(const ir::Expr* e, const ir::Dim& in, const IdKey& to) {
  if (!ir::isResizeOp(e) || to.kind != IdKey::Kind::Logical) return false;
  const ir::Val* out = static_cast<const ir::Val*>(to.owner);
  return !(out->asTensor()->dim(static_cast<std::size_t>(to.dim)).extent == in.extent);
}

}  // namespace

ExactIdGraph::ExactIdGraph(const SegmentView& view, const RuntimeInfo* rt, bool joinReshapes) {
  ids_.reserve(tensorDimCount(view) * 5 / 4);
  for (const ir::Expr* e : view.exprs) {
    for (const ir::Val* out : e->outputs()) {
      if (!out->isTensor()) continue;
      for (std::size_t i = 0; i < e->numOperands(); ++i) {
        const ir::Val* in = e->operand(i);
        const auto map = pairwiseMap(e, i, out, rt);
        for (std::size_t p = 0; p < map.size(); ++p) {
          if (!map[p]) continue;
          const bool inBcast = in->asTensor()->dim(p).isBroadcast();
          if (inBcast != isBroadcastId(*map[p])) continue;  // a resolved broadcast is not exact
          if (resized(e, in->asTensor()->dim(p), *map[p])) continue;
          unite(IdKey::logical(in, static_cast<int>(p)), *map[p]);
        }
      }
      if (!ir::isViewOp(e)) continue;
      // The root dims a reshape replaces: joined with what is made of them only when the
      // transforms count (the exact graph holds the merge/split exprs).
      for (const ReshapeGroup& g : reshapeDimGroups(e, rt)) {
        if (g.unchanged() || !joinReshapes) continue;
        for (int i : g.in)
          for (int j : g.out) unite(IdKey::root(e, i), IdKey::logical(out, j));
        for (std::size_t k = 1; k < g.in.size(); ++k) unite(IdKey::root(e, g.in[0]), IdKey::root(e, g.in[k]));
      }
    }
  }
}

int ExactIdGraph::keyOf(const IdKey& k) {
  auto [id, inserted] = ids_.tryEmplace(k, static_cast<int>(classes_.size()));
  if (inserted) classes_.add();
  return *id;
}

int ExactIdGraph::find(int k) const { return static_cast<int>(classes_.find(static_cast<std::size_t>(k))); }

void ExactIdGraph::unite(const IdKey& a, const IdKey& b) {
  classes_.unite(static_cast<std::size_t>(keyOf(a)), static_cast<std::size_t>(keyOf(b)));
}

bool ExactIdGraph::mapped(const IdKey& a, const IdKey& b) const {
  if (a == b) return true;
  const int *ia = ids_.find(a), *ib = ids_.find(b);
  return ia && ib && find(*ia) == find(*ib);
}

int ExactIdGraph::setOf(const IdKey& k) const {
  if (const int* id = ids_.find(k)) return find(*id);
  return -1 - static_cast<int>(IdKeyHash()(k) & 0x3fffffff);  // unseen: a set of its own
}

}  // namespace segscope::scheduler::analysis
