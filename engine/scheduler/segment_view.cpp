// Building segment views: topological order of the group, its inputs and outputs.
#include "scheduler/segment_view.h"

#include "scheduler/view_memo.h"
#include "support/flat_hash_map.h"

#include <algorithm>

namespace segscope::scheduler {
namespace {

bool isConstant(const ir::Val* v) { return v->isScalar() && static_cast<const ir::Scalar*>(v)->isConstant(); }

using Members = std::vector<const ir::Expr*>;  // sorted

std::size_t indexIn(const Members& members, const ir::Expr* e) {
  const auto it = std::lower_bound(members.begin(), members.end(), e);
  return it != members.end() && *it == e ? static_cast<std::size_t>(it - members.begin()) : members.size();
}

// Distinct producer exprs of `e` inside the group (an expr may read one value twice): a def
// counts at its first input, so nothing is allocated (this runs per expr of every view).
std::size_t producersInside(const ir::Expr* e, const Members& members) {
  const auto& inputs = e->inputs();
  std::size_t count = 0;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const ir::Expr* def = inputs[i]->definition();
    if (!def || indexIn(members, def) >= members.size()) continue;
    const bool seen = std::any_of(inputs.begin(), inputs.begin() + static_cast<std::ptrdiff_t>(i),
                                  [&](const ir::Val* earlier) { return earlier->definition() == def; });
    if (!seen) ++count;
  }
  return count;
}

// Kahn's algorithm restricted to the group, so the cost follows the group's size; ready
// exprs in the order given, then as they become ready, so the order is deterministic.
std::vector<const ir::Expr*> topologicalOrder(const std::vector<const ir::Expr*>& exprs, const Members& members) {
  std::vector<std::size_t> pending(members.size(), 0);
  std::vector<const ir::Expr*> order;
  order.reserve(exprs.size());
  for (const ir::Expr* e : exprs) {
    const std::size_t count = producersInside(e, members);
    pending[indexIn(members, e)] = count;
    if (count == 0) order.push_back(e);
  }
  std::vector<const ir::Expr*> consumers;  // a vector keeps the order deterministic
  for (std::size_t i = 0; i < order.size(); ++i) {
    consumers.clear();
    for (const ir::Val* out : order[i]->outputs())
      for (const ir::Expr* use : out->uses())
        if (indexIn(members, use) < members.size() &&
            std::find(consumers.begin(), consumers.end(), use) == consumers.end())
          consumers.push_back(use);
    for (const ir::Expr* use : consumers)
      if (--pending[indexIn(members, use)] == 0) order.push_back(use);
  }
  return order;
}

// A flat table: a refused candidate's view is built and dropped thousands of times, and a
// node-based set allocated once per value.
using Seen = support::FlatHashMap<const ir::Val*, bool>;

void addUnique(std::vector<const ir::Val*>& list, Seen& seen, const ir::Val* v) {
  if (seen.tryEmplace(v, true).second) list.push_back(v);
}

}  // namespace

SegmentView SegmentView::whole(const ir::Fusion& fusion) {
  SegmentView view;
  view.fusion = &fusion;
  for (const ir::Expr* e : fusion.exprs()) view.exprs.push_back(e);
  view.members_ = view.exprs;
  std::sort(view.members_.begin(), view.members_.end());
  Seen seenIn, seenOut;
  for (const ir::Val* in : fusion.inputs()) addUnique(view.inputs, seenIn, in);
  for (const ir::FusionOutput& out : fusion.outputs()) addUnique(view.outputs, seenOut, out.val);
  return view;
}

SegmentView SegmentView::of(const ir::Fusion& fusion, std::vector<const ir::Expr*> exprs,
                            const std::unordered_set<const ir::Val*>* recomputed) {
  SegmentView view;
  view.fusion = &fusion;
  view.members_ = exprs;
  std::sort(view.members_.begin(), view.members_.end());
  view.members_.erase(std::unique(view.members_.begin(), view.members_.end()), view.members_.end());
  view.exprs = topologicalOrder(exprs, view.members_);
  Seen seenIn, seenOut;
  seenIn.reserve(view.exprs.size());
  seenOut.reserve(view.exprs.size());
  for (const ir::Expr* e : view.exprs) {
    for (const ir::Val* in : e->inputs())
      if (!isConstant(in) && !(in->definition() && view.contains(in->definition()))) addUnique(view.inputs, seenIn, in);
    for (const ir::Val* out : e->outputs()) {
      const bool readOutside =
          !(recomputed && recomputed->count(out)) &&
          std::any_of(out->uses().begin(), out->uses().end(), [&](const ir::Expr* use) { return !view.contains(use); });
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

SegmentView::Uses SegmentView::usesInside(const ir::Val* v) const {
  Uses uses;
  for (const ir::Expr* use : v->uses())
    if (contains(use) && std::find(uses.begin(), uses.end(), use) == uses.end()) uses.push_back(use);
  return uses;
}

const ir::Expr* SegmentView::definitionInside(const ir::Val* v) const {
  const ir::Expr* def = v->definition();
  return def && contains(def) ? def : nullptr;
}

ViewMemo& SegmentView::memo() const {
  if (!memo_) memo_ = std::make_shared<ViewMemo>();
  return *memo_;
}

}  // namespace segscope::scheduler
