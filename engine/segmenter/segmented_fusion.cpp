// Group and edge bookkeeping of the segmenter, with a validator used after every phase.
#include "segmenter/segmented_fusion.h"

#include <algorithm>
#include <queue>
#include <unordered_map>
#include <unordered_set>

namespace segscope::segmenter {
namespace {

template <class T>
void eraseValue(std::vector<T*>& v, const T* x) {
  v.erase(std::remove(v.begin(), v.end(), x), v.end());
}

template <class Edges, class End>
std::vector<SegmentedGroup*> distinctEnds(const Edges& edges, End end) {
  std::vector<SegmentedGroup*> out;
  for (const SegmentedEdge* e : edges)
    if (std::find(out.begin(), out.end(), end(e)) == out.end()) out.push_back(end(e));
  return out;
}

}  // namespace

std::vector<SegmentedGroup*> SegmentedGroup::producerGroups() const {
  return distinctEnds(producerEdges_, [](const SegmentedEdge* e) { return e->from; });
}

std::vector<SegmentedGroup*> SegmentedGroup::consumerGroups() const {
  return distinctEnds(consumerEdges_, [](const SegmentedEdge* e) { return e->to; });
}

std::string SegmentedGroup::label() const {
  // Long groups are abbreviated: a merge step's name must stay readable in a timeline.
  constexpr std::size_t kShown = 4;
  const auto name = [](const ir::Expr* e) {
    return e->outputs().empty() ? std::string(e->opName()) : e->output()->name();
  };
  std::string s = "g" + std::to_string(id_) + "{";
  for (std::size_t i = 0; i < exprs_.size() && i < kShown; ++i) s += (i ? ", " : "") + name(exprs_[i]);
  if (exprs_.size() > kShown) s += ", ... " + name(exprs_.back()) + " (" + std::to_string(exprs_.size()) + " exprs)";
  return s + "}";
}

SegmentedFusion::SegmentedFusion(const ir::Fusion& complete) : complete_(complete) {}

std::unique_ptr<SegmentedFusion> SegmentedFusion::oneGroupPerExpr(const ir::Fusion& complete) {
  auto sf = std::make_unique<SegmentedFusion>(complete);
  const std::vector<ir::Expr*> order = complete.exprs();
  for (const ir::Expr* e : order) sf->newGroup({e});
  for (const ir::Expr* e : order) {
    SegmentedGroup* to = sf->groupOf(e);
    for (const ir::Val* in : e->inputs())
      if (const ir::Expr* def = in->definition(); def && sf->groupOf(def) != to)
        sf->connectGroups(sf->groupOf(def), to, in);
  }
  return sf;
}

SegmentedGroup* SegmentedFusion::newGroup(std::vector<const ir::Expr*> exprs) {
  ownedGroups_.push_back(std::unique_ptr<SegmentedGroup>(new SegmentedGroup(nextGroupId_++)));
  SegmentedGroup* g = ownedGroups_.back().get();
  g->exprs_ = std::move(exprs);
  for (const ir::Expr* e : g->exprs_) {
    const auto id = static_cast<std::size_t>(e->id());
    if (groupOfExpr_.size() <= id) groupOfExpr_.resize(id + 1, nullptr);
    groupOfExpr_[id] = g;
  }
  groups_.push_back(g);
  return g;
}

SegmentedEdge* SegmentedFusion::connectGroups(SegmentedGroup* from, SegmentedGroup* to, const ir::Val* val) {
  for (SegmentedEdge* e : from->consumerEdges_)
    if (e->to == to && e->val == val) return e;
  ownedEdges_.push_back(std::make_unique<SegmentedEdge>(SegmentedEdge{from, to, val}));
  SegmentedEdge* e = ownedEdges_.back().get();
  from->consumerEdges_.push_back(e);
  to->producerEdges_.push_back(e);
  e->listSlot = edges_.size();
  edges_.push_back(e);
  return e;
}

void SegmentedFusion::detach(SegmentedEdge* edge) {
  eraseValue(edge->from->consumerEdges_, edge);
  eraseValue(edge->to->producerEdges_, edge);
  forgetEdge(edge);
}

// Leaves a hole in the fusion-wide list (erasing there was O(E) per edge, and a merge
// removes every edge of both groups); the list is compacted once half of it is holes.
void SegmentedFusion::forgetEdge(SegmentedEdge* edge) {
  if (edge->listSlot == SegmentedEdge::kUnlisted) return;
  edges_[edge->listSlot] = nullptr;
  edge->listSlot = SegmentedEdge::kUnlisted;
  if (++holes_ * 2 <= edges_.size()) return;
  std::erase(edges_, nullptr);
  holes_ = 0;
  for (std::size_t i = 0; i < edges_.size(); ++i) edges_[i]->listSlot = i;
}

std::vector<SegmentedEdge*> SegmentedFusion::edges() const {
  std::vector<SegmentedEdge*> out;
  out.reserve(edges_.size() - holes_);
  for (SegmentedEdge* e : edges_)
    if (e) out.push_back(e);
  return out;
}

void SegmentedFusion::removeEdge(SegmentedEdge* edge) { detach(edge); }

void SegmentedFusion::disconnectGroups(SegmentedGroup* a, SegmentedGroup* b) {
  for (SegmentedEdge* e : getEdgesBetween(a, b)) detach(e);
  for (SegmentedEdge* e : getEdgesBetween(b, a)) detach(e);
}

std::vector<SegmentedEdge*> SegmentedFusion::getEdgesBetween(const SegmentedGroup* from,
                                                             const SegmentedGroup* to) const {
  std::vector<SegmentedEdge*> out;
  for (SegmentedEdge* e : from->consumerEdges_)
    if (e->to == to) out.push_back(e);
  return out;
}

SegmentedGroup* SegmentedFusion::mergeGroups(SegmentedGroup* a, SegmentedGroup* b) {
  std::vector<const ir::Expr*> exprs = a->exprs_;
  exprs.insert(exprs.end(), b->exprs_.begin(), b->exprs_.end());
  SegmentedGroup* ab = newGroup(std::move(exprs));
  const auto inside = [&](const SegmentedGroup* g) { return g == a || g == b; };
  // New edges first, then the old ones go, so no value is ever without its edge.
  for (SegmentedGroup* g : {a, b}) {
    for (SegmentedEdge* e : std::vector<SegmentedEdge*>(g->producerEdges_))
      if (!inside(e->from)) connectGroups(e->from, ab, e->val);
    for (SegmentedEdge* e : std::vector<SegmentedEdge*>(g->consumerEdges_))
      if (!inside(e->to)) connectGroups(ab, e->to, e->val);
  }
  for (SegmentedGroup* g : {a, b}) {
    for (SegmentedEdge* e : std::vector<SegmentedEdge*>(g->producerEdges_)) detach(e);
    for (SegmentedEdge* e : std::vector<SegmentedEdge*>(g->consumerEdges_)) detach(e);
  }
  a->merged_ = b->merged_ = true;
  mergedAway_ += 2;
  return ab;
}

std::vector<SegmentedGroup*> SegmentedFusion::liveGroupsFrom(int id) const {
  std::vector<SegmentedGroup*> out;
  for (std::size_t i = static_cast<std::size_t>(std::max(id, 0)); i < ownedGroups_.size(); ++i)
    if (!ownedGroups_[i]->merged()) out.push_back(ownedGroups_[i].get());  // ownedGroups_[i] has id i
  return out;
}

void SegmentedFusion::dropMergedGroups() const {
  std::erase_if(groups_, [](const SegmentedGroup* g) { return g->merged(); });
  mergedAway_ = 0;
}

Result<std::vector<const SegmentedGroup*>> SegmentedFusion::topologicalOrder() const {
  // Kahn's algorithm; ready groups in creation order keep the result deterministic.
  std::unordered_map<const SegmentedGroup*, int> pending;
  std::queue<const SegmentedGroup*> ready;
  for (const SegmentedGroup* g : groups()) {
    pending[g] = static_cast<int>(g->producerGroups().size());
    if (pending[g] == 0) ready.push(g);
  }
  std::vector<const SegmentedGroup*> order;
  order.reserve(groups().size());
  while (!ready.empty()) {
    const SegmentedGroup* g = ready.front();
    ready.pop();
    order.push_back(g);
    for (const SegmentedGroup* c : g->consumerGroups())
      if (--pending[c] == 0) ready.push(c);
  }
  if (order.size() != groups().size()) return makeError("the group graph has a cycle");
  return order;
}

SegmentedGroup* SegmentedFusion::groupOf(const ir::Expr* expr) const {
  const auto id = static_cast<std::size_t>(expr->id());
  return id < groupOfExpr_.size() ? groupOfExpr_[id] : nullptr;
}

void SegmentedFusion::leaveUngrouped(const ir::Expr* expr) {
  const auto id = static_cast<std::size_t>(expr->id());
  if (ungrouped_.size() <= id) ungrouped_.resize(id + 1, false);
  ungrouped_[id] = true;
}

bool SegmentedFusion::isUngrouped(const ir::Expr* expr) const {
  const auto id = static_cast<std::size_t>(expr->id());
  return id < ungrouped_.size() && ungrouped_[id];
}

Status SegmentedFusion::validate() const {
  const std::unordered_set<const SegmentedGroup*> live(groups().begin(), groups().end());
  const std::vector<SegmentedEdge*> allEdges = edges();
  const std::unordered_set<const SegmentedEdge*> liveEdges(allEdges.begin(), allEdges.end());
  for (const SegmentedEdge* e : allEdges) {
    if (!live.count(e->from) || !live.count(e->to))
      return makeError("an edge carrying " + e->val->name() + " ends at a removed group");
    if (std::count(e->from->consumerEdges_.begin(), e->from->consumerEdges_.end(), e) != 1 ||
        std::count(e->to->producerEdges_.begin(), e->to->producerEdges_.end(), e) != 1)
      return makeError("edge " + e->from->label() + " -> " + e->to->label() + " (" + e->val->name() +
                       ") is not listed exactly once at each end");
  }
  std::unordered_map<const ir::Expr*, const SegmentedGroup*> owner;
  for (const SegmentedGroup* g : groups()) {
    for (const SegmentedEdge* e : g->producerEdges_)
      if (!liveEdges.count(e)) return makeError(g->label() + " lists an edge the fusion no longer has");
    for (const SegmentedEdge* e : g->consumerEdges_)
      if (!liveEdges.count(e)) return makeError(g->label() + " lists an edge the fusion no longer has");
    for (const ir::Expr* x : g->exprs_)
      if (!owner.emplace(x, g).second) return makeError(x->toString() + " is in two groups");
  }
  const std::vector<ir::Expr*> all = complete_.exprs();
  for (const ir::Expr* x : all) {
    auto it = owner.find(x);
    if (isUngrouped(x)) {
      if (it != owner.end())
        return makeError(x->toString() + " is in " + it->second->label() + " but should be in no group");
      continue;
    }
    if (it == owner.end()) return makeError(x->toString() + " is in no group");
    for (const ir::Val* in : x->inputs()) {
      const ir::Expr* def = in->definition();
      if (!def || isUngrouped(def) || owner.at(def) == it->second) continue;
      const auto edges = getEdgesBetween(owner.at(def), it->second);
      if (std::none_of(edges.begin(), edges.end(), [&](const SegmentedEdge* e) { return e->val == in; }))
        return makeError(it->second->label() + " reads " + in->name() + " from " + owner.at(def)->label() +
                         " without an edge");
    }
  }
  if (auto order = topologicalOrder(); !order) return order.error();
  return {};
}

}  // namespace segscope::segmenter
