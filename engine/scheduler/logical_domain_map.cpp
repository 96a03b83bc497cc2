// The compute-at logical domain map of a segment (see logical_domain_map.h).
#include "scheduler/logical_domain_map.h"

#include <algorithm>

#include "scheduler/analysis.h"
#include "scheduler/reshape_dims.h"
#include "scheduler/view_memo.h"

namespace segscope::scheduler::analysis {
namespace {

bool isBroadcastDim(const ir::Val* tv, int d) { return tv->asTensor()->dim(static_cast<std::size_t>(d)).isBroadcast(); }

void pushUnique(std::vector<int>& list, int k) {
  if (std::find(list.begin(), list.end(), k) == list.end()) list.push_back(k);
}

// csrc/scheduler/utils.cpp:589-597: the producers of these ops are never persistent buffers.
bool skipsConsumer(const ir::Expr* e) { return isIndexOp(e); }

}  // namespace

LogicalDomainMap::LogicalDomainMap(const SegmentView& view, const RuntimeInfo* rt) : view_(view), rt_(rt) {
  collectReductions();
  gatherClassFacts();
  // BackwardVisitor from the outputs: a tensor is handled once all its uses were dispatched.
  for (auto it = view_.exprs.rbegin(); it != view_.exprs.rend(); ++it) {
    for (const ir::Val* out : (*it)->outputs())
      if (out->isTensor()) handleTensor(out);
    dispatch(*it);
  }
  for (const ir::Val* in : view_.inputs)
    if (in->isTensor()) handleTensor(in);
}

int LogicalDomainMap::keyOf(const IdKey& k) {
  auto [it, inserted] = ids_.emplace(k, static_cast<int>(keys_.size()));
  if (inserted) {
    keys_.push_back(k);
    classes_.add();
    members_.push_back({it->second});
    if (factsReady_) {
      facts_.emplace_back();
      seedDownstreamFacts(it->second);
    }
  }
  return it->second;
}

int LogicalDomainMap::find(int k) const { return static_cast<int>(classes_.find(static_cast<std::size_t>(k))); }

// Keeps each root's member list: the smaller list moves into the larger (then swapped into
// the surviving root), so building the classes stays O(n log n).
void LogicalDomainMap::unite(int a, int b) {
  const std::size_t ra = classes_.find(static_cast<std::size_t>(a)), rb = classes_.find(static_cast<std::size_t>(b));
  if (!classes_.unite(ra, rb)) return;
  const std::size_t root = classes_.find(ra), gone = root == ra ? rb : ra;
  auto& into = members_[root];
  auto& from = members_[gone];
  if (into.size() < from.size()) std::swap(into, from);
  into.insert(into.end(), from.begin(), from.end());
  from.clear();
  const auto merge = [](std::unordered_set<int>& kept, std::unordered_set<int>& merged) {
    if (kept.size() < merged.size()) std::swap(kept, merged);
    kept.insert(merged.begin(), merged.end());
    merged.clear();
  };
  merge(facts_[root].inputOf, facts_[gone].inputOf);
  merge(facts_[root].downstreamOf, facts_[gone].downstreamOf);
}

// After collectReductions every class is one key: each key's facts are its own.
void LogicalDomainMap::gatherClassFacts() {
  facts_.resize(keys_.size());
  for (std::size_t ri = 0; ri < reductions_.size(); ++ri) {
    view_.memo().work += reductions_[ri].downstream.size();
    for (const auto& [reducedKey, inputs] : reductions_[ri].inputKeys) {
      view_.memo().work += inputs.size();
      const int entry = static_cast<int>(entryReduction_.size());
      entryReduction_.push_back(static_cast<int>(ri));
      for (const int k : inputs) facts_[static_cast<std::size_t>(k)].inputOf.insert(entry);
    }
    for (const ir::Val* v : reductions_[ri].downstream) reductionsDownstreamOf_[v].push_back(static_cast<int>(ri));
  }
  for (std::size_t k = 0; k < keys_.size(); ++k) seedDownstreamFacts(static_cast<int>(k));
  factsReady_ = true;
}

void LogicalDomainMap::seedDownstreamFacts(int key) {
  const auto it = reductionsDownstreamOf_.find(ownerTensor(keys_[static_cast<std::size_t>(key)]));
  if (it != reductionsDownstreamOf_.end())
    facts_[static_cast<std::size_t>(key)].downstreamOf.insert(it->second.begin(), it->second.end());
}

// Tensors computed from `r`'s results inside the segment (the results excluded), walked
// forward from them: only what a reduction feeds is visited, so a wide fusion of small
// chains stays linear.
std::unordered_set<const ir::Val*> LogicalDomainMap::downstreamOf(const ir::Expr* r) const {
  const std::unordered_set<const ir::Val*> results(r->outputs().begin(), r->outputs().end());
  std::unordered_set<const ir::Val*> down;
  std::vector<const ir::Val*> stack(r->outputs().begin(), r->outputs().end());
  while (!stack.empty()) {
    const ir::Val* v = stack.back();
    stack.pop_back();
    for (const ir::Expr* use : view_.usesInside(v)) {
      if (use == r) continue;
      for (const ir::Val* o : use->outputs())
        if (o->isTensor() && !results.count(o) && down.insert(o).second) stack.push_back(o);
    }
  }
  view_.memo().work += down.size();
  return down;
}

// The segment's exprs `r` is computed from, `r` included, latest first (the reverse of the
// segment's topological order). Only these can hold an input of one of its reduced dims.
std::vector<const ir::Expr*> LogicalDomainMap::upstreamLatestFirst(const ir::Expr* r) {
  if (position_.empty())
    for (std::size_t i = 0; i < view_.exprs.size(); ++i) position_[view_.exprs[i]] = i;
  std::vector<const ir::Expr*> up{r};
  std::unordered_set<const ir::Expr*> seen{r};
  for (std::size_t i = 0; i < up.size(); ++i)
    for (const ir::Val* in : up[i]->inputs())
      if (const ir::Expr* def = view_.definitionInside(in); def && seen.insert(def).second) up.push_back(def);
  std::sort(up.begin(), up.end(), [&](const ir::Expr* a, const ir::Expr* b) { return position_[a] > position_[b]; });
  view_.memo().work += up.size();
  return up;
}

// UnmappableReductionDomains (csrc/logical_domain_map.cpp:774-803): for each reduced dim,
// the dims it is computed from (FindInputDomains) and the tensors computed from its result.
void LogicalDomainMap::collectReductions() {
  for (const ir::Expr* r : reductionExprs(view_)) {
    Reduction red;
    red.expr = r;
    red.downstream = downstreamOf(r);
    const std::vector<const ir::Expr*> upstream = upstreamLatestFirst(r);
    for (std::int64_t d : r->attrs().dims) {
      const int rk = keyOf(IdKey::reduced(r, static_cast<int>(d)));
      std::unordered_set<int>& inputs = red.inputKeys[rk];
      inputs.insert(rk);
      // Walk back from the reduction: a producer dim is an input when the consumer id it
      // maps to is one (only root ids propagate, so a reshape's merged dims end the walk).
      for (const ir::Expr* e : upstream) {
        for (const ir::Val* out : e->outputs()) {
          if (!out->isTensor()) continue;
          for (std::size_t i = 0; i < e->numOperands(); ++i) {
            const auto map = pairwiseMap(e, i, out, rt_);
            for (std::size_t p = 0; p < map.size(); ++p) {
              if (!map[p] || isBroadcastId(*map[p]) || isBroadcastDim(e->operand(i), static_cast<int>(p))) continue;
              auto found = ids_.find(*map[p]);
              if (found != ids_.end() && inputs.count(found->second))
                inputs.insert(keyOf(IdKey::logical(e->operand(i), static_cast<int>(p))));
            }
          }
        }
      }
    }
    reductions_.push_back(std::move(red));
  }
}

// setMaybeMapped for every producer/consumer dim pair the op lines up (mapPointwiseLikeOp,
// handle(BroadcastOp), handle(SqueezeOp) all reduce to the pairwise map).
void LogicalDomainMap::dispatch(const ir::Expr* e) {
  for (std::size_t i = 0; i < e->numOperands(); ++i) {
    const ir::Val* in = e->operand(i);
    if (!in->isTensor()) continue;
    for (const ir::Val* out : e->outputs()) {
      if (!out->isTensor()) continue;
      const auto map = pairwiseMap(e, i, out, rt_);
      for (std::size_t p = 0; p < map.size(); ++p) {
        if (!map[p] || isBroadcastDim(in, static_cast<int>(p)) || isBroadcastId(*map[p])) continue;
        const int consumer = keyOf(*map[p]);
        pushUnique(pending_[keyOf(IdKey::logical(in, static_cast<int>(p)))], consumer);
      }
    }
  }
}

// handle(TensorView*): resolve the pending mappings of each logical dim, then those of the
// root dims a reshape replaces (each joined with the logical dims made from it).
void LogicalDomainMap::handleTensor(const ir::Val* tv) {
  for (int d = 0; d < tv->asTensor()->rank(); ++d)
    if (!isBroadcastDim(tv, d)) mapPending(keyOf(IdKey::logical(tv, d)));
  const ir::Expr* def = view_.definitionInside(tv);
  if (!def || !isViewOp(def)) return;
  for (const ReshapeGroup& g : reshapeDimGroups(def, rt_)) {
    if (g.unchanged()) continue;
    for (int i : g.in) {
      if (isBroadcastDim(def->operand(0), i)) continue;
      const int root = keyOf(IdKey::root(def, i));
      for (int j : g.out)
        if (!isBroadcastDim(tv, j)) pushUnique(pending_[root], keyOf(IdKey::logical(tv, j)));
      mapPending(root);
    }
  }
}

// mapAllPendingMappings (csrc/logical_domain_map.cpp:1560-1580).
void LogicalDomainMap::mapPending(int producerKey) {
  auto it = pending_.find(producerKey);
  if (it == pending_.end()) return;
  const std::vector<int> consumers = std::move(it->second);
  pending_.erase(it);
  const bool consistent = safeToMap(consumers);
  for (int c : consumers) {
    if (consistent)
      unite(producerKey, c);
    else
      invalid_.emplace_back(producerKey, c);
  }
}

// safeToMap (csrc/logical_domain_map.cpp:1645-1660).
bool LogicalDomainMap::safeToMap(const std::vector<int>& consumers) const {
  if (consumers.size() <= 1) return true;
  return !isReductionOutputMapped(consumers) && !isInvalid(consumers);
}

// UnmappableReductionDomains::isReductionOutputMapped (csrc/logical_domain_map.cpp:831-913):
// one consumer dim is (or maps to) an input of a reduced dim, and another maps to a dim of a
// tensor computed from that reduction's result. The first consumer that is an input of an
// entry stands for it, as there; "maps to" is "shares a class with", read from the class facts.
bool LogicalDomainMap::isReductionOutputMapped(const std::vector<int>& consumers) const {
  std::vector<const ClassFacts*> facts;
  facts.reserve(consumers.size());
  for (const int c : consumers) facts.push_back(&facts_[static_cast<std::size_t>(find(c))]);
  for (std::size_t i = 0; i < consumers.size(); ++i)
    for (const int entry : facts[i]->inputOf) {
      bool earlier = false;  // an earlier consumer stands for this entry: it was checked there
      for (std::size_t j = 0; j < i && !earlier; ++j) earlier = facts[j]->inputOf.count(entry) != 0;
      if (earlier) continue;
      const int reduction = entryReduction_[static_cast<std::size_t>(entry)];
      for (std::size_t j = 0; j < consumers.size(); ++j)
        if (j != i && facts[j]->downstreamOf.count(reduction)) return true;
    }
  return false;
}

// isInvalid (csrc/logical_domain_map.cpp:1290-1337): two consumer dims that map to the two
// ends of a mapping refused before.
bool LogicalDomainMap::isInvalid(const std::vector<int>& consumers) const {
  if (invalid_.empty()) return false;
  std::vector<std::vector<int>> invalidFor(consumers.size());
  for (std::size_t i = 0; i < consumers.size(); ++i)
    for (const auto& [a, b] : invalid_) {
      if (canMap(consumers[i], a))
        invalidFor[i].push_back(b);
      else if (canMap(consumers[i], b))
        invalidFor[i].push_back(a);
    }
  for (std::size_t i = 0; i < consumers.size(); ++i)
    for (std::size_t j = i + 1; j < consumers.size(); ++j)
      for (int k : invalidFor[i])
        if (canMap(consumers[j], k)) return true;
  return false;
}

std::vector<int> LogicalDomainMap::unmappableDims(const ir::Val* producer) const {
  std::vector<int> dims;
  if (!producer->isTensor()) return dims;
  for (const ir::Expr* use : view_.usesInside(producer)) {
    if (skipsConsumer(use)) continue;
    for (const ir::Val* out : use->outputs()) {
      if (!out->isTensor()) continue;
      for (std::size_t i = 0; i < use->numOperands(); ++i) {
        if (use->operand(i) != producer) continue;
        const auto map = pairwiseMap(use, i, out, rt_);
        for (std::size_t p = 0; p < map.size(); ++p) {
          const int d = static_cast<int>(p);
          if (isBroadcastDim(producer, d) || std::find(dims.begin(), dims.end(), d) != dims.end()) continue;
          // getMappableDims: some consumer root id the producer dim can map to. The pairwise
          // partner is the only candidate a dim joins.
          auto pk = ids_.find(IdKey::logical(producer, d));
          auto ck = map[p] ? ids_.find(*map[p]) : ids_.end();
          const bool mapped = pk != ids_.end() && ck != ids_.end() && find(pk->second) == find(ck->second);
          if (!mapped) dims.push_back(d);
        }
      }
    }
  }
  std::sort(dims.begin(), dims.end());
  return dims;
}

}  // namespace segscope::scheduler::analysis
