// Partition: full tables, merge deltas on top of them, and reading a delta back as a table.
#include <algorithm>
#include <unordered_map>

#include "trace/snapshot.h"

namespace segscope::trace {

Partition::Partition(PartitionTable table) : table_(std::move(table)) {}

Partition::Partition(std::shared_ptr<const Partition> base, std::vector<int> merged, PartitionGroup result)
    : base_(std::move(base)), merged_(std::move(merged)), result_(std::move(result)) {
  mergesSinceStored_ = base_->mergesSinceStored_ + 1;
}

std::shared_ptr<const Partition> Partition::checkpointed(std::shared_ptr<const Partition> delta) {
  if (delta->mergesSinceStored_ < kCheckpointEvery) return delta;
  return std::make_shared<const Partition>(delta->expanded());
}

std::shared_ptr<const Partition> Partition::afterMerge(std::shared_ptr<const Partition> base, std::vector<int> merged,
                                                       PartitionGroup result) {
  return checkpointed(
      std::shared_ptr<const Partition>(new Partition(std::move(base), std::move(merged), std::move(result))));
}

std::shared_ptr<const Partition> Partition::afterMove(std::shared_ptr<const Partition> base,
                                                      std::vector<std::pair<int, int>> moved, PartitionGroup group) {
  auto* delta = new Partition(std::move(base), {}, std::move(group));
  delta->moved_ = std::move(moved);
  delta->isMove_ = true;
  return checkpointed(std::shared_ptr<const Partition>(delta));
}

void Partition::applyTo(PartitionTable& t) const {
  if (isMove_) {
    for (const auto& [expr, group] : moved_) {
      const auto x = static_cast<std::size_t>(expr);
      if (t.groupOfExpr.size() <= x) t.groupOfExpr.resize(x + 1, -1);
      t.groupOfExpr[x] = group;
    }
    const auto same =
        std::find_if(t.groups.begin(), t.groups.end(), [&](const PartitionGroup& g) { return g.id == result_.id; });
    if (same != t.groups.end())
      *same = result_;
    else
      t.groups.push_back(result_);
    return;
  }
  const auto wasMerged = [&](int id) { return std::find(merged_.begin(), merged_.end(), id) != merged_.end(); };
  for (int& g : t.groupOfExpr)
    if (g != -1 && wasMerged(g)) g = result_.id;
  std::erase_if(t.groups, [&](const PartitionGroup& g) { return wasMerged(g.id); });
  t.groups.push_back(result_);
}

const PartitionTable& Partition::table() const {
  if (!stored())
    std::call_once(built_, [this] {
      table_ = expanded();
      tableBuilt_ = true;
    });
  return table_;
}

// The merges since the last stored table, applied in one pass: group ids are never reused,
// so "merged away into" is a forest and each old id resolves to its final one.
PartitionTable Partition::expanded() const {
  std::vector<const Partition*> merges;  // newest first
  const Partition* at = this;
  for (; !at->stored(); at = at->base_.get()) merges.push_back(at);
  PartitionTable t = at->table_;
  // Moves depend on their order: replay one delta at a time (their chains are short runs of
  // finalize's moves; a merge among them costs a pass over the exprs).
  if (std::any_of(merges.begin(), merges.end(), [](const Partition* m) { return m->isMove_; })) {
    for (std::size_t i = merges.size(); i-- > 0;) merges[i]->applyTo(t);
    return t;
  }
  std::unordered_map<int, int> into;  // merged-away group -> group it went into
  for (const Partition* m : merges)
    for (int id : m->merged_) into[id] = m->result_.id;
  const auto finalId = [&](int id) {
    for (auto it = into.find(id); it != into.end(); it = into.find(id)) id = it->second;
    return id;
  };
  std::unordered_map<int, int> resolved;
  for (int& g : t.groupOfExpr) {
    if (g == -1 || !into.count(g)) continue;
    auto [it, added] = resolved.emplace(g, 0);
    if (added) it->second = finalId(g);
    g = it->second;
  }
  // Erase-then-append, replayed: survivors keep their order, then the results still alive.
  std::erase_if(t.groups, [&](const PartitionGroup& g) { return into.count(g.id) > 0; });
  for (std::size_t i = merges.size(); i-- > 0;)
    if (!into.count(merges[i]->result_.id)) t.groups.push_back(merges[i]->result_);
  return t;
}

// A delta answers from its own merge, then asks its base: expanding the whole table to read
// one group cost O(exprs) per step and kept that table alive (the merge log asks this of
// every refused step).
const PartitionGroup* Partition::group(int id) const {
  if (tableBuilt_) {
    for (const PartitionGroup& g : table_.groups)
      if (g.id == id) return &g;
    return nullptr;
  }
  const Partition* at = this;
  for (; !at->stored(); at = at->base_.get()) {
    if (at->result_.id == id) return &at->result_;
    if (std::find(at->merged_.begin(), at->merged_.end(), id) != at->merged_.end()) return nullptr;
  }
  for (const PartitionGroup& g : at->table_.groups)
    if (g.id == id) return &g;
  return nullptr;
}

std::size_t Partition::storedBytes() const {
  if (stored()) return table_.groupOfExpr.size() * sizeof(int) + table_.groups.size() * sizeof(PartitionGroup);
  return merged_.size() * sizeof(int) + moved_.size() * sizeof(std::pair<int, int>) + sizeof(PartitionGroup);
}

}  // namespace segscope::trace
