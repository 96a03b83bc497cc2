// The incompatible-reshape check of csrc/scheduler/registry_utils.cpp:1207-1312 on Segscope's IR:
// every tensor dim is an id; ids are joined through each expr's dim mapping (the PERMISSIVE
// map, where a resize's input and output also map, as buildPermissiveResizeGraph does); each
// reshape adds its splits and merges (scheduler/reshape_transforms) as id exprs; two id exprs of
// the same kind, factor and input groups are one expr group and join their outputs. A group with
// two different expr groups among its uses is reshaped incompatibly.
#include "scheduler/incompatible_reshapes.h"

#include <map>
#include <numeric>
#include <set>
#include <tuple>
#include <unordered_map>

#include "scheduler/analysis.h"
#include "scheduler/reshape_transforms.h"
#include "support/union_find.h"

namespace segscope::scheduler::analysis {
namespace {

struct IdExpr {
  bool merge = false;
  std::int64_t factor = 0;
  std::vector<int> inputs, outputs;
  const ir::Expr* reshape = nullptr;
};

class IdGraph {
 public:
  int newId() { return static_cast<int>(ids_.add()); }
  int find(int i) const { return static_cast<int>(ids_.find(static_cast<std::size_t>(i))); }
  bool unite(int a, int b) { return ids_.unite(static_cast<std::size_t>(a), static_cast<std::size_t>(b)); }
  int idOf(const ir::Val* v, int d) {
    auto [it, added] = base_.try_emplace(v, 0);
    if (added) {
      it->second = static_cast<int>(ids_.size());
      for (int i = 0; i < v->asTensor()->rank(); ++i) newId();
    }
    return it->second + d;
  }

 private:
  support::UnionFind ids_;
  std::unordered_map<const ir::Val*, int> base_;
};

// The reshape's splits and merges as id exprs; its kept ids map onto the output's dims.
void addReshape(IdGraph& g, const ir::Expr* e, const RuntimeInfo& rt, std::vector<IdExpr>& idExprs) {
  const ir::Val* in = e->operand(0);
  const ir::Val* out = e->output();
  const auto sizes = reshapeSizes(*e, [&rt](const ir::TensorView* tv, int d) -> std::optional<std::int64_t> {
    const auto s = rt.sizes(tv);
    if (!s || static_cast<std::size_t>(d) >= s->size()) return std::nullopt;
    return (*s)[static_cast<std::size_t>(d)];
  });
  if (!sizes) return;
  const auto t = analyzeReshape(*in->asTensor(), sizes->in, sizes->out);
  if (!t) return;
  std::vector<int> view;
  for (int d = 0; d < in->asTensor()->rank(); ++d)
    if (!t->squeezed.count(d)) view.push_back(g.idOf(in, d));
  for (const ReshapeTransforms::Step& s : t->steps) {
    const auto at = static_cast<std::size_t>(s.index);
    if (at >= view.size() || (s.merge && at + 1 >= view.size())) return;
    IdExpr x;
    x.merge = s.merge;
    x.factor = s.factor;
    x.reshape = e;
    if (s.merge) {
      x.inputs = {view[at], view[at + 1]};
      x.outputs = {g.newId()};
      view[at] = x.outputs[0];
      view.erase(view.begin() + static_cast<std::ptrdiff_t>(at) + 1);
    } else {
      x.inputs = {view[at]};
      x.outputs = {g.newId(), g.newId()};
      view[at] = x.outputs[1];
      view.insert(view.begin() + static_cast<std::ptrdiff_t>(at), x.outputs[0]);
    }
    idExprs.push_back(std::move(x));
  }
  std::set<int> newBroadcasts(t->broadcasts.begin(), t->broadcasts.end());
  std::size_t v = 0;
  for (int j = 0; j < out->asTensor()->rank() && v < view.size(); ++j)
    if (!newBroadcasts.count(j)) g.unite(view[v++], g.idOf(out, j));
}

void addMappedDims(IdGraph& g, const ir::Expr* e) {
  for (std::size_t k = 0; k < e->numOperands(); ++k) {
    const ir::Val* in = e->operand(k);
    if (!in->isTensor()) continue;
    const DimMap dims = consumerDims(e, k);
    for (const ir::Val* out : e->outputs()) {
      if (!out->isTensor()) continue;
      for (std::size_t d = 0; d < dims.size(); ++d)
        if (dims[d] >= 0 && dims[d] < out->asTensor()->rank())
          g.unite(g.idOf(in, static_cast<int>(d)), g.idOf(out, dims[d]));
    }
  }
}

using ExprKey = std::tuple<bool, std::int64_t, std::vector<int>>;

ExprKey keyOf(IdGraph& g, const IdExpr& x) {
  std::vector<int> ins;
  for (int i : x.inputs) ins.push_back(g.find(i));
  return {x.merge, x.factor, ins};
}

// IdModel's expression mapping: id exprs with mapped inputs and the same parameters map their
// outputs, until nothing changes.
void mapOutputsOfEqualExprs(IdGraph& g, const std::vector<IdExpr>& idExprs) {
  for (bool changed = true; changed;) {
    changed = false;
    std::map<ExprKey, const IdExpr*> first;
    for (const IdExpr& x : idExprs) {
      auto [it, added] = first.try_emplace(keyOf(g, x), &x);
      if (added) continue;
      for (std::size_t o = 0; o < x.outputs.size(); ++o)
        changed = g.unite(it->second->outputs[o], x.outputs[o]) || changed;
    }
  }
}

}  // namespace

const ir::Expr* incompatibleReshape(const SegmentView& view, const RuntimeInfo& rt) {
  if (!firstExprWhere(view, ir::isViewOp)) return nullptr;
  IdGraph g;
  std::vector<IdExpr> idExprs;
  for (const ir::Expr* e : view.exprs) {
    if (ir::isViewOp(e))
      addReshape(g, e, rt, idExprs);
    else
      addMappedDims(g, e);
  }
  mapOutputsOfEqualExprs(g, idExprs);
  // Uses of each id group, as distinct expr groups.
  std::map<int, std::map<ExprKey, const IdExpr*>> usesOfGroup;
  for (const IdExpr& x : idExprs) {
    const ExprKey key = keyOf(g, x);
    for (int i : x.inputs) {
      auto& uses = usesOfGroup[g.find(i)];
      uses.try_emplace(key, &x);
      if (uses.size() > 1) return x.reshape;
    }
  }
  return nullptr;
}

}  // namespace segscope::scheduler::analysis
