// The compute-at logical domain map of a segment (see logical_domain_map.h).
#include "scheduler/logical_domain_map.h"

#include <algorithm>

#include "scheduler/analysis.h"
#include "scheduler/reshape_dims.h"
#include "scheduler/view_memo.h"

namespace segscope::scheduler::analysis {
namespace {

bool isBroadcastDim(const ir::Val* tv, int d) { return tv->asTensor()->dim(static_cast<std::size_t>(d)).isBroadcast(); }

template <typename List>
void pushUnique(List& list, int k) {
  if (std::find(list.begin(), list.end(), k) == list.end()) list.push_back(k);
}

// csrc/scheduler/utils.cpp:589-597: the producers of these ops are never persistent buffers.
bool skipsConsumer(const ir::Expr* e) { return ir::isIndexOp(e); }

}  // namespace

LogicalDomainMap::LogicalDomainMap(const SegmentView& view, const RuntimeInfo* rt) : view_(view), rt_(rt) {
  // Logical ids plus a few R and root ids: a quarter more is enough for the segments seen.
  const std::size_t ids = tensorDimCount(view) * 5 / 4;
  ids_.reserve(ids);
  keys_.reserve(ids);
  pending_.reserve(ids);
  collectReductionFacts();
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
  const auto [id, inserted] = ids_.tryEmplace(k, static_cast<int>(keys_.size()));
  const int key = *id;  // the map's pointer lasts only until its next insert
  if (inserted) {
    keys_.push_back(k);
    classes_.add();
    pending_.emplace_back();
    refusedAt_.emplace_back();
    if (factsReady_) {
      inputOf_.emplace_back();
      const int v = values_->indexOf(ownerTensor(k));
      downstreamOf_.push_back(v == ValueIndex::kNone ? support::RunSet{}
                                                     : tensorDownstream_[static_cast<std::size_t>(v)]);
    }
  }
  return key;
}

int LogicalDomainMap::find(int k) const { return static_cast<int>(classes_.find(static_cast<std::size_t>(k))); }

// The surviving root takes the other's reduction facts.
void LogicalDomainMap::unite(int a, int b) {
  const std::size_t ra = classes_.find(static_cast<std::size_t>(a)), rb = classes_.find(static_cast<std::size_t>(b));
  if (!classes_.unite(ra, rb)) return;
  const std::size_t root = classes_.find(ra), gone = root == ra ? rb : ra;
  std::vector<std::pair<int, int>>& kept = refusedAt_[root];
  std::vector<std::pair<int, int>>& moved = refusedAt_[gone];
  if (kept.size() < moved.size()) kept.swap(moved);  // the shorter list moves: n log n in all
  kept.insert(kept.end(), moved.begin(), moved.end());
  moved = {};
  if (!hasEntries_) return;
  inputOf_[root].unite(inputOf_[gone]);
  downstreamOf_[root].unite(downstreamOf_[gone]);
  inputOf_[gone] = {};  // only roots are read
  downstreamOf_[gone] = {};
}

// UnmappableReductionDomains (csrc/logical_domain_map.cpp:774-803): for each reduced dim
// ("entry"), the dims it is computed from (FindInputDomains) and the tensors computed from its
// result, as a set of entries on every key.
void LogicalDomainMap::collectReductionFacts() {
  const std::vector<const ir::Expr*>& reductions = reductionExprs(view_);
  for (const ir::Expr* r : reductions) hasEntries_ = hasEntries_ || !r->attrs().dims.empty();
  values_ = &valueIndexOf(view_);
  markReductionInputs(reductions);
  markReductionDownstream(reductions);
  factsReady_ = true;
}

// FindInputDomains: a producer dim is an input of a reduced dim when the consumer id it maps
// to is one (only root ids propagate, so a reshape's merged dims end the walk). One sweep of
// the producer <- consumer id edges, latest expr first, carries every entry's set.
void LogicalDomainMap::markReductionInputs(const std::vector<const ir::Expr*>& reductions) {
  std::vector<std::pair<int, int>> edges;  // consumer key -> producer key, latest expr first
  for (auto it = view_.exprs.rbegin(); it != view_.exprs.rend(); ++it) {
    const ir::Expr* e = *it;
    for (const ir::Val* out : e->outputs()) {
      if (!out->isTensor()) continue;
      for (std::size_t i = 0; i < e->numOperands(); ++i) {
        const auto map = pairwiseMap(e, i, out, rt_);
        for (std::size_t p = 0; p < map.size(); ++p)
          if (map[p] && !isBroadcastId(*map[p]) && !isBroadcastDim(e->operand(i), static_cast<int>(p)))
            edges.emplace_back(keyOf(*map[p]), keyOf(IdKey::logical(e->operand(i), static_cast<int>(p))));
      }
    }
  }
  std::vector<int> reducedKeys;  // by entry
  for (const ir::Expr* r : reductions)
    for (std::int64_t d : r->attrs().dims) reducedKeys.push_back(keyOf(IdKey::reduced(r, static_cast<int>(d))));
  inputOf_.assign(keys_.size(), {});
  for (std::size_t e = 0; e < reducedKeys.size(); ++e)
    inputOf_[static_cast<std::size_t>(reducedKeys[e])].unite(support::RunSet::of(static_cast<int>(e)));
  for (const auto& [consumer, producer] : edges)
    if (producer != consumer)
      inputOf_[static_cast<std::size_t>(producer)].unite(inputOf_[static_cast<std::size_t>(consumer)]);
  view_.memo().work += edges.size() + keys_.size();
}

// The tensors computed from each reduction's results (the results excluded), by one forward
// sweep over the segment's values; then each key takes its tensor's set.
void LogicalDomainMap::markReductionDownstream(const std::vector<const ir::Expr*>& reductions) {
  const ValueIndex& values = *values_;
  std::vector<support::RunSet> seeds(values.size());
  int entry = 0;
  for (const ir::Expr* r : reductions) {
    const int first = entry;
    entry += static_cast<int>(r->attrs().dims.size());
    if (first == entry) continue;
    support::RunSet mine;
    for (int e = first; e < entry; ++e) mine.unite(support::RunSet::of(e));
    for (const ir::Val* out : r->outputs())
      if (const int v = values.indexOf(out); v != ValueIndex::kNone) seeds[static_cast<std::size_t>(v)].unite(mine);
  }
  tensorDownstream_.assign(values.size(), {});
  std::vector<support::RunSet> down(values.size());
  for (std::size_t v = 0; v < values.size(); ++v) {
    for (const int p : values.producers(static_cast<int>(v))) down[v].unite(down[static_cast<std::size_t>(p)]);
    if (values.val(static_cast<int>(v))->isTensor()) tensorDownstream_[v] = down[v].minus(seeds[v]);
    down[v].unite(seeds[v]);
  }
  view_.memo().work += values.size();
  downstreamOf_.assign(keys_.size(), {});
  for (std::size_t k = 0; k < keys_.size(); ++k) {
    const int v = values.indexOf(ownerTensor(keys_[k]));
    if (v != ValueIndex::kNone) downstreamOf_[k] = tensorDownstream_[static_cast<std::size_t>(v)];
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
        const int producer = keyOf(IdKey::logical(in, static_cast<int>(p)));
        pushUnique(pending_[static_cast<std::size_t>(producer)], consumer);
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
  if (!def || !ir::isViewOp(def)) return;
  for (const ReshapeGroup& g : reshapeDimGroups(def, rt_)) {
    if (g.unchanged()) continue;
    for (int i : g.in) {
      if (isBroadcastDim(def->operand(0), i)) continue;
      const int root = keyOf(IdKey::root(def, i));
      for (int j : g.out)
        if (!isBroadcastDim(tv, j)) {
          const int consumer = keyOf(IdKey::logical(tv, j));  // may grow pending_: first
          pushUnique(pending_[static_cast<std::size_t>(root)], consumer);
        }
      mapPending(root);
    }
  }
}

// mapAllPendingMappings (csrc/logical_domain_map.cpp:1560-1580).
void LogicalDomainMap::mapPending(int producerKey) {
  if (pending_[static_cast<std::size_t>(producerKey)].empty()) return;
  const Consumers consumers = std::move(pending_[static_cast<std::size_t>(producerKey)]);
  pending_[static_cast<std::size_t>(producerKey)] = {};  // handled: a later call finds nothing
  const bool consistent = safeToMap({consumers.begin(), consumers.size()});
  for (int c : consumers) {
    if (consistent)
      unite(producerKey, c);
    else
      refuse(producerKey, c);
  }
}

// safeToMap (csrc/logical_domain_map.cpp:1645-1660).
bool LogicalDomainMap::safeToMap(std::span<const int> consumers) {
  if (consumers.size() <= 1) return true;
  return !isReductionOutputMapped(consumers) && !isInvalid(consumers);
}

// UnmappableReductionDomains::isReductionOutputMapped (csrc/logical_domain_map.cpp:831-913):
// one consumer dim is (or maps to) an input of a reduced dim, and another maps to a dim of a
// tensor computed from that reduction's result. The first consumer that is an input of an
// entry stands for it, as there; "maps to" is "shares a class with", read from the class facts.
bool LogicalDomainMap::isReductionOutputMapped(std::span<const int> consumers) const {
  if (!hasEntries_) return false;
  std::vector<int> roots;
  roots.reserve(consumers.size());
  for (const int c : consumers) roots.push_back(find(c));
  support::RunSet seen;
  for (std::size_t i = 0; i < roots.size(); ++i) {
    const support::RunSet& in = inputOf_[static_cast<std::size_t>(roots[i])];
    if (in.empty()) continue;
    const support::RunSet fresh = in.minus(seen);  // entries an earlier consumer stands for were checked there
    if (fresh.empty()) continue;
    seen.unite(in);
    for (std::size_t j = 0; j < roots.size(); ++j)
      if (j != i && fresh.intersects(downstreamOf_[static_cast<std::size_t>(roots[j])])) return true;
  }
  return false;
}

void LogicalDomainMap::refuse(int producer, int consumer) {
  const int rp = find(producer), rc = find(consumer);
  refusedAt_[static_cast<std::size_t>(rp)].emplace_back(producer, consumer);
  if (rc != rp) refusedAt_[static_cast<std::size_t>(rc)].emplace_back(producer, consumer);
}

// isInvalid (csrc/logical_domain_map.cpp:1290-1337): two consumer dims that map to the two
// ends of a mapping refused before.
// nvFuser collects, per consumer, the far ends of the refused mappings it touches, then asks
// whether a later consumer maps to one of them. Read by classes that is: some refused pair has
// one end in one consumer's class and the other in another consumer's (two consumers in its
// class when both ends share one). Such a pair is listed at both its ends' roots, so only the
// consumers' roots' lists are read; a list is rewritten to its distinct pairs of roots as it is
// read (classes only ever merge, so pairs with the same roots stay alike). A scan of every
// refused pair per producer was quadratic in a norm stack.
bool LogicalDomainMap::isInvalid(std::span<const int> consumers) {
  std::vector<int> roots;
  roots.reserve(consumers.size());
  for (const int c : consumers) roots.push_back(find(c));
  const auto consumersIn = [&](int root) { return std::count(roots.begin(), roots.end(), root); };
  std::vector<int> distinct = roots;
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  for (const int r : distinct) {
    std::vector<std::pair<int, int>>& refused = refusedAt_[static_cast<std::size_t>(r)];
    for (auto& [a, b] : refused) {
      a = find(a);
      b = find(b);
      if (b < a) std::swap(a, b);
    }
    std::sort(refused.begin(), refused.end());
    refused.erase(std::unique(refused.begin(), refused.end()), refused.end());
    view_.memo().work += refused.size();
    for (const auto& [ra, rb] : refused)
      if (ra == rb ? consumersIn(ra) >= 2 : consumersIn(ra) >= 1 && consumersIn(rb) >= 1) return true;
  }
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
          const int* pk = ids_.find(IdKey::logical(producer, d));
          const int* ck = map[p] ? ids_.find(*map[p]) : nullptr;
          const bool mapped = pk && ck && find(*pk) == find(*ck);
          if (!mapped) dims.push_back(d);
        }
      }
    }
  }
  std::sort(dims.begin(), dims.end());
  return dims;
}

}  // namespace segscope::scheduler::analysis
