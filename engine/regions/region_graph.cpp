// Runs of fusible nodes cut at barriers, components joined by producer→consumer edges within a
// run (union-find), each component's boundary and bytes. The rule sets differ only in what
// RegionRules says; what is fusible is the caller's.
#include "regions/region_graph.h"

#include <algorithm>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "support/union_find.h"

namespace segscope::regions {
namespace {

// Run index per node; -1 for nodes outside every run. A barrier starts a new run; transparent
// nodes neither join nor end one.
std::vector<int> runsOf(const std::vector<GraphNode>& nodes) {
  std::vector<int> run(nodes.size(), -1);
  int current = 0;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (nodes[i].role == NodeRole::Barrier) ++current;
    if (nodes[i].role == NodeRole::Fusible) run[i] = current;
  }
  return run;
}

std::vector<std::vector<int>> componentsOf(const std::vector<GraphNode>& nodes) {
  const std::vector<int> run = runsOf(nodes);
  support::UnionFind uf(nodes.size());
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (run[i] < 0) continue;
    for (const ValueRef& in : nodes[i].inputs)
      if (in.node >= 0 && run[static_cast<std::size_t>(in.node)] == run[i])
        uf.unite(static_cast<std::size_t>(in.node), i);
  }
  std::unordered_map<std::size_t, std::size_t> slotOfRoot;
  std::vector<std::vector<int>> groups;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (run[i] < 0) continue;
    const auto [it, fresh] = slotOfRoot.try_emplace(uf.find(i), groups.size());
    if (fresh) groups.emplace_back();
    groups[it->second].push_back(static_cast<int>(i));
  }
  return groups;
}

bool bigEnough(const std::vector<int>& members, const std::vector<GraphNode>& nodes, const RegionRules& rules) {
  int counted = 0;
  for (int m : members) counted += rules.countViews || !nodes[static_cast<std::size_t>(m)].view;
  return counted >= rules.minNodes;
}

// Node-level users of a node (every result's), first read first, without repeats.
std::vector<int> nodeUsers(const GraphNode& n) {
  std::vector<int> users;
  for (const ResultSlot& r : n.results)
    for (int u : r.users)
      if (std::find(users.begin(), users.end(), u) == users.end()) users.push_back(u);
  return users;
}

// Kahn's algorithm over the members, the ready list sorted by name before each pick: the
// seed's _topological_sort_nodes. Node names are unique, so taking the smallest ready name from
// an ordered set picks what the sorted list's first entry would. Falls back to graph order if
// the members hold a cycle.
std::vector<int> kahnByName(const std::vector<int>& members, const std::vector<GraphNode>& nodes) {
  const std::unordered_set<int> inSet(members.begin(), members.end());
  std::unordered_map<int, int> inDegree;
  for (int m : members) {
    std::unordered_set<int> producers;
    for (const ValueRef& in : nodes[static_cast<std::size_t>(m)].inputs)
      if (inSet.count(in.node)) producers.insert(in.node);
    inDegree[m] = static_cast<int>(producers.size());
  }
  const auto byName = [&](int a, int b) {
    const std::string& x = nodes[static_cast<std::size_t>(a)].name;
    const std::string& y = nodes[static_cast<std::size_t>(b)].name;
    return x != y ? x < y : a < b;
  };
  std::set<int, decltype(byName)> ready(byName);
  for (int m : members)
    if (inDegree[m] == 0) ready.insert(m);
  std::vector<int> order;
  while (!ready.empty()) {
    const int next = *ready.begin();
    ready.erase(ready.begin());
    order.push_back(next);
    for (int u : nodeUsers(nodes[static_cast<std::size_t>(next)]))
      if (inSet.count(u) && --inDegree[u] == 0) ready.insert(u);
  }
  return order.size() == members.size() ? order : members;
}

// First-seen order with constant-time membership (regions can hold thousands of nodes).
struct SeenRefs {
  std::unordered_set<std::int64_t> keys;
  bool insert(const ValueRef& v) { return keys.insert((std::int64_t{v.node} << 16) ^ v.result).second; }
};

void fillBoundary(RegionSpan& r, const std::vector<GraphNode>& nodes, const RegionRules& rules) {
  const std::unordered_set<int> inSet(r.members.begin(), r.members.end());
  SeenRefs seenInputs;
  std::unordered_set<int> seenUsers;
  for (int m : r.members) {
    const GraphNode& n = nodes[static_cast<std::size_t>(m)];
    for (const ValueRef& in : n.inputs)
      if (!inSet.count(in.node) && seenInputs.insert(in)) r.inputs.push_back(in);
    const bool unread = nodeUsers(n).empty();
    for (std::size_t k = 0; k < n.results.size(); ++k) {
      const ResultSlot& slot = n.results[k];
      bool external = slot.graphOutput || (rules.unreadIsOutput && unread);
      for (int u : slot.users) {
        if (inSet.count(u)) continue;
        external = true;
        if (seenUsers.insert(u).second) r.users.push_back(u);
      }
      if (external) r.outputs.push_back(ValueRef{m, static_cast<int>(k)});
    }
  }
  const auto bytesOf = [&](const ValueRef& v) {
    const ResultSlot& slot = nodes[static_cast<std::size_t>(v.node)].results[static_cast<std::size_t>(v.result)];
    return slot.tensor ? slot.bytes : 0;
  };
  for (const ValueRef& v : r.inputs) r.bytes += bytesOf(v);
  for (const ValueRef& v : r.outputs) r.bytes += bytesOf(v);
}

}  // namespace

std::vector<RegionSpan> findRegionSpans(const std::vector<GraphNode>& nodes, const RegionRules& rules) {
  std::vector<RegionSpan> spans;
  for (std::vector<int>& members : componentsOf(nodes)) {
    if (!bigEnough(members, nodes, rules)) continue;
    RegionSpan r;
    r.members = rules.kahnByName ? kahnByName(members, nodes) : std::move(members);
    fillBoundary(r, nodes, rules);
    spans.push_back(std::move(r));
  }
  return spans;
}

}  // namespace segscope::regions
