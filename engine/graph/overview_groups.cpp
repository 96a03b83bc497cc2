// Folding an overview's runs between barriers into group tiles (overview_groups.h).
#include "graph/overview_groups.h"

#include <algorithm>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace segscope::graph {
namespace {

// The scheduler word of a tile's class ("segment <scheduler> tile").
std::string schedulerOf(const Node& n) {
  const auto space = n.cssClass.find(' ');
  if (space == std::string::npos) return "none";
  const auto end = n.cssClass.find(' ', space + 1);
  return n.cssClass.substr(space + 1, end == std::string::npos ? std::string::npos : end - space - 1);
}

Node groupNode(const std::vector<const Node*>& members) {
  std::map<std::string, int> kinds;
  for (const Node* m : members) ++kinds[schedulerOf(*m)];
  std::vector<std::pair<std::string, int>> byCount(kinds.begin(), kinds.end());
  std::stable_sort(byCount.begin(), byCount.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  Node g;
  g.id = "L" + members.front()->id;
  g.kind = NodeKind::Segment;
  g.segment = -1;
  g.anchorExpr = members.front()->anchorExpr;
  const std::string range = std::to_string(members.front()->segment) + "–" + std::to_string(members.back()->segment);
  g.label = range + " · " + std::to_string(members.size()) + " segments";
  std::string kindsText;
  for (const auto& [kind, n] : byCount)
    kindsText += (kindsText.empty() ? "" : ", ") + std::to_string(n) + " " + kindLabel(kind);
  g.detail = kindsText;
  g.tooltip = "segments " + range +
              " (between two barriers: no edge from before reaches past their last): " + kindsText +
              "\nDouble-click (or E) to draw them as tiles.";
  g.cssClass = "segment group tile";
  for (const Node* m : members)
    if (m->highlight != Highlight::None && g.highlight == Highlight::None) g.highlight = m->highlight;
  g.dimmed = std::all_of(members.begin(), members.end(), [](const Node* m) { return m->dimmed; });
  return g;
}

}  // namespace

std::set<std::size_t> barriersOf(const GraphModel& model) {
  std::unordered_map<std::string, std::size_t> position;
  for (std::size_t i = 0; i < model.nodes.size(); ++i) position.emplace(model.nodes[i].id, i);
  // reachFrom[i]: the furthest tile an edge out of tile i reaches.
  std::vector<std::size_t> reachFrom(model.nodes.size(), 0);
  for (const Edge& e : model.edges) {
    const auto from = position.find(e.from), to = position.find(e.to);
    if (from == position.end() || to == position.end()) continue;
    if (to->second <= from->second) return {};  // not in run order
    reachFrom[from->second] = std::max(reachFrom[from->second], to->second);
  }
  std::set<std::size_t> barriers;
  std::size_t reach = 0;  // the furthest an edge out of any earlier tile reaches
  for (std::size_t i = 0; i < model.nodes.size(); ++i) {
    if (reach <= i) barriers.insert(i);
    reach = std::max(reach, reachFrom[i]);
  }
  return barriers;
}

void groupRunsBetweenBarriers(GraphModel& model, const std::set<int>& open) {
  const std::set<std::size_t> barriers = barriersOf(model);
  if (barriers.empty()) return;
  // Runs of about `length` tiles, cut after a barrier once long enough, or at 1.5 × length.
  const std::size_t n = model.nodes.size();
  const std::size_t length = std::max(kGroupMinSegments, (n + kGroupsWanted - 1) / kGroupsWanted);
  std::vector<std::pair<std::size_t, std::size_t>> runs;  // [first, last]
  std::size_t start = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t size = i - start + 1;
    const bool barrierNext = barriers.count(i + 1) > 0;  // tile i + 1 starts afresh
    if (i + 1 == n || (size >= length && barrierNext) || size >= length + length / 2) {
      runs.emplace_back(start, i);
      start = i + 1;
    }
  }
  std::vector<Node> nodes;
  std::unordered_map<std::string, std::string> nodeOf;  // member id -> the node drawn for it
  for (const auto& [first, last] : runs) {
    std::vector<const Node*> members;
    for (std::size_t i = first; i <= last; ++i) members.push_back(&model.nodes[i]);
    const bool opened = std::any_of(members.begin(), members.end(),
                                    [&](const Node* m) { return m->anchorExpr >= 0 && open.count(m->anchorExpr); });
    const bool segmentsOnly =
        std::all_of(members.begin(), members.end(), [](const Node* m) { return m->segment >= 0; });
    if (members.size() < kGroupMinSegments || opened || !segmentsOnly) {
      for (const Node* m : members) {
        nodeOf[m->id] = m->id;
        nodes.push_back(*m);
      }
      continue;
    }
    Node g = groupNode(members);
    for (const Node* m : members) nodeOf[m->id] = g.id;
    nodes.push_back(std::move(g));
  }
  std::vector<Edge> edges;
  std::map<std::pair<std::string, std::string>, std::size_t> seen;
  for (Edge e : model.edges) {
    e.from = nodeOf.count(e.from) ? nodeOf[e.from] : e.from;
    e.to = nodeOf.count(e.to) ? nodeOf[e.to] : e.to;
    if (e.from == e.to) continue;
    auto [it, fresh] = seen.try_emplace({e.from, e.to}, edges.size());
    if (fresh)
      edges.push_back(std::move(e));
    else
      edges[it->second].bytes += e.bytes;
  }
  model.nodes = std::move(nodes);
  model.edges = std::move(edges);
}

}  // namespace segscope::graph
