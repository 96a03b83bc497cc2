// Building segment views: topological order of the group, its inputs and outputs.
#include "scheduler/segment_view.h"

#include <algorithm>
#include <unordered_map>

namespace segscope::scheduler {
namespace {

bool isConstant(const ir::Val* v) { return v->isScalar() && static_cast<const ir::Scalar*>(v)->isConstant(); }

// Kahn's algorithm restricted to the group, so the cost follows the group's size. It
// counts distinct producer exprs, since an expr may read one value twice.
std::unordered_set<const ir::Expr*> producersInside(const ir::Expr* e,
                                                    const std::unordered_set<const ir::Expr*>& members) {
  std::unordered_set<const ir::Expr*> producers;
  for (const ir::Val* in : e->inputs())
    if (in->definition() && members.count(in->definition())) producers.insert(in->definition());
  return producers;
}

std::vector<const ir::Expr*> topologicalOrder(const std::vector<const ir::Expr*>& exprs,
                                              const std::unordered_set<const ir::Expr*>& members) {
  std::unordered_map<const ir::Expr*, std::size_t> pending;
  std::vector<const ir::Expr*> order;
  for (const ir::Expr* e : exprs) {
    pending[e] = producersInside(e, members).size();
    if (pending[e] == 0) order.push_back(e);
  }
  for (std::size_t i = 0; i < order.size(); ++i) {
    std::vector<const ir::Expr*> consumers;  // a vector keeps the order deterministic
    for (const ir::Val* out : order[i]->outputs())
      for (const ir::Expr* use : out->uses())
        if (members.count(use) && std::find(consumers.begin(), consumers.end(), use) == consumers.end())
          consumers.push_back(use);
    for (const ir::Expr* use : consumers)
      if (--pending[use] == 0) order.push_back(use);
  }
  return order;
}

void addUnique(std::vector<const ir::Val*>& list, std::unordered_set<const ir::Val*>& seen, const ir::Val* v) {
  if (seen.insert(v).second) list.push_back(v);
}

}  // namespace

SegmentView SegmentView::whole(const ir::Fusion& fusion) {
  SegmentView view;
  view.fusion = &fusion;
  for (const ir::Expr* e : fusion.exprs()) {
    view.exprs.push_back(e);
    view.members_.insert(e);
  }
  std::unordered_set<const ir::Val*> seen;
  for (const ir::Val* in : fusion.inputs()) addUnique(view.inputs, seen, in);
  seen.clear();
  for (const ir::FusionOutput& out : fusion.outputs()) addUnique(view.outputs, seen, out.val);
  return view;
}

SegmentView SegmentView::of(const ir::Fusion& fusion, std::vector<const ir::Expr*> exprs,
                            const std::unordered_set<const ir::Val*>* recomputed) {
  SegmentView view;
  view.fusion = &fusion;
  view.members_.insert(exprs.begin(), exprs.end());
  view.exprs = topologicalOrder(exprs, view.members_);
  std::unordered_set<const ir::Val*> seenIn, seenOut;
  for (const ir::Expr* e : view.exprs) {
    for (const ir::Val* in : e->inputs())
      if (!isConstant(in) && !(in->definition() && view.members_.count(in->definition())))
        addUnique(view.inputs, seenIn, in);
    for (const ir::Val* out : e->outputs()) {
      const bool readOutside = !(recomputed && recomputed->count(out)) &&
                               std::any_of(out->uses().begin(), out->uses().end(),
                                           [&](const ir::Expr* use) { return !view.members_.count(use); });
      if (readOutside || fusion.isOutput(out)) addUnique(view.outputs, seenOut, out);
    }
  }
  return view;
}

bool SegmentView::isSegmentInput(const ir::Val* v) const {
  return std::find(inputs.begin(), inputs.end(), v) != inputs.end();
}

bool SegmentView::isSegmentOutput(const ir::Val* v) const {
  return std::find(outputs.begin(), outputs.end(), v) != outputs.end();
}

std::vector<const ir::Expr*> SegmentView::usesInside(const ir::Val* v) const {
  std::vector<const ir::Expr*> uses;
  for (const ir::Expr* use : v->uses())
    if (contains(use) && std::find(uses.begin(), uses.end(), use) == uses.end()) uses.push_back(use);
  return uses;
}

const ir::Expr* SegmentView::definitionInside(const ir::Val* v) const {
  const ir::Expr* def = v->definition();
  return def && contains(def) ? def : nullptr;
}

}  // namespace segscope::scheduler
