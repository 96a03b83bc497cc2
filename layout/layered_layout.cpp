// The layered placement: longest-path ranks, barycentre ordering, isotonic (PAV) coordinates.
#include "layered_layout.h"

#include <algorithm>
#include <limits>
#include <numeric>

namespace segscope::layout {

namespace {

struct Adjacency {
  std::vector<std::vector<int>> preds;
  std::vector<std::vector<int>> succs;
};

Adjacency adjacencyOf(const LayeredGraph& graph) {
  const int n = static_cast<int>(graph.sizes.size());
  Adjacency a{std::vector<std::vector<int>>(graph.sizes.size()), std::vector<std::vector<int>>(graph.sizes.size())};
  for (const auto& [from, to] : graph.edges) {
    if (from == to || from < 0 || to < 0 || from >= n || to >= n) continue;
    a.preds[static_cast<std::size_t>(to)].push_back(from);
    a.succs[static_cast<std::size_t>(from)].push_back(to);
  }
  return a;
}

// Kahn's order, seeded in index order. Nodes on a cycle never become ready: they follow in
// index order, and the edges that close their cycles are ignored when ranking.
std::vector<int> topologicalOrder(const Adjacency& a) {
  const std::size_t n = a.preds.size();
  std::vector<int> waiting(n), order;
  order.reserve(n);
  for (std::size_t v = 0; v < n; ++v) {
    waiting[v] = static_cast<int>(a.preds[v].size());
    if (waiting[v] == 0) order.push_back(static_cast<int>(v));
  }
  for (std::size_t head = 0; head < order.size(); ++head)
    for (const int s : a.succs[static_cast<std::size_t>(order[head])])
      if (--waiting[static_cast<std::size_t>(s)] == 0) order.push_back(s);
  if (order.size() < n)
    for (std::size_t v = 0; v < n; ++v)
      if (waiting[v] > 0) order.push_back(static_cast<int>(v));
  return order;
}

std::vector<int> ranksOf(const Adjacency& a, const std::vector<int>& order) {
  const std::size_t n = order.size();
  std::vector<int> position(n), rank(n, 0);
  for (std::size_t i = 0; i < n; ++i) position[static_cast<std::size_t>(order[i])] = static_cast<int>(i);
  const auto before = [&](int u, int v) {
    return position[static_cast<std::size_t>(u)] < position[static_cast<std::size_t>(v)];
  };
  for (const int v : order) {
    int r = 0;
    for (const int p : a.preds[static_cast<std::size_t>(v)])
      if (before(p, v)) r = std::max(r, rank[static_cast<std::size_t>(p)] + 1);
    rank[static_cast<std::size_t>(v)] = r;
  }
  // Longest path puts everything that hangs off an input (a weight's cast and broadcast) at
  // the top, far from where it is used. Bottom-up, a node with no more inputs than uses moves
  // down to just above its first consumer: that never lengthens the drawing's edges in total,
  // which is what dot's network simplex minimises, and keeps side chains next to their use.
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    const auto v = static_cast<std::size_t>(*it);
    if (a.succs[v].empty() || a.succs[v].size() < a.preds[v].size()) continue;
    int lowest = std::numeric_limits<int>::max();
    for (const int s : a.succs[v]) lowest = std::min(lowest, rank[static_cast<std::size_t>(s)] - 1);
    rank[v] = std::max(rank[v], lowest);
  }
  return rank;
}

// Depth-first preorder along successors: a chain gets consecutive keys, so the first
// ordering of every rank already keeps chains side by side.
std::vector<double> depthFirstKeys(const Adjacency& a, const std::vector<int>& order) {
  const std::size_t n = order.size();
  std::vector<double> key(n, -1);
  std::vector<int> stack;
  double next = 0;
  for (const int root : order) {
    if (key[static_cast<std::size_t>(root)] >= 0) continue;
    stack.push_back(root);
    while (!stack.empty()) {
      const auto v = static_cast<std::size_t>(stack.back());
      stack.pop_back();
      if (key[v] >= 0) continue;
      key[v] = next++;
      const auto& succs = a.succs[v];
      for (auto it = succs.rbegin(); it != succs.rend(); ++it)
        if (key[static_cast<std::size_t>(*it)] < 0) stack.push_back(*it);
    }
  }
  return key;
}

// Centres for the nodes of one rank, in the given order, as close as possible (least
// squares) to `desired` while neighbours keep their widths plus `gap` apart: subtracting
// each node's minimal offset turns this into isotonic regression, solved by pooling
// adjacent violators.
void placeRank(const std::vector<int>& nodes, const std::vector<double>& desired, const std::vector<Size>& sizes,
               double gap, std::vector<double>& x) {
  const std::size_t n = nodes.size();
  std::vector<double> offset(n, 0);
  for (std::size_t i = 1; i < n; ++i)
    offset[i] =
        offset[i - 1] +
        (sizes[static_cast<std::size_t>(nodes[i - 1])].width + sizes[static_cast<std::size_t>(nodes[i])].width) / 2 +
        gap;
  struct Pool {
    double sum;
    std::size_t count;
    double mean() const { return sum / static_cast<double>(count); }
  };
  std::vector<Pool> pools;
  pools.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    pools.push_back({desired[i] - offset[i], 1});
    while (pools.size() > 1 && pools[pools.size() - 2].mean() > pools.back().mean()) {
      const Pool top = pools.back();
      pools.pop_back();
      pools.back().sum += top.sum;
      pools.back().count += top.count;
    }
  }
  std::size_t i = 0;
  for (const Pool& pool : pools)
    for (std::size_t k = 0; k < pool.count; ++k, ++i) x[static_cast<std::size_t>(nodes[i])] = pool.mean() + offset[i];
}

double meanX(const std::vector<int>& neighbours, const std::vector<double>& x, double fallback) {
  if (neighbours.empty()) return fallback;
  double sum = 0;
  for (const int u : neighbours) sum += x[static_cast<std::size_t>(u)];
  return sum / static_cast<double>(neighbours.size());
}

class Sweeper {
 public:
  Sweeper(const LayeredGraph& graph, const Adjacency& a, std::vector<std::vector<int>> layers, double gap)
      : graph_(graph), a_(a), layers_(std::move(layers)), gap_(gap), x_(graph.sizes.size(), 0) {}

  void packInOrder() {
    for (auto& layer : layers_) placeRank(layer, std::vector<double>(layer.size(), 0), graph_.sizes, gap_, x_);
  }

  // One rank towards the barycentre of its neighbours on one side (or both), reordering by
  // it unless `keepOrder`.
  void sweep(bool down, bool up, bool keepOrder) {
    const auto visit = [&](std::vector<int>& layer) {
      std::vector<std::pair<double, int>> wanted;
      wanted.reserve(layer.size());
      for (const int v : layer) {
        const auto i = static_cast<std::size_t>(v);
        const double self = x_[i];
        double d = self;
        if (down && up) {
          std::vector<int> both(a_.preds[i]);
          both.insert(both.end(), a_.succs[i].begin(), a_.succs[i].end());
          d = meanX(both, x_, self);
        } else {
          d = meanX(down ? a_.preds[i] : a_.succs[i], x_, self);
        }
        wanted.emplace_back(d, v);
      }
      if (!keepOrder)
        std::stable_sort(wanted.begin(), wanted.end(), [](const auto& l, const auto& r) { return l.first < r.first; });
      std::vector<double> desired(layer.size());
      for (std::size_t k = 0; k < layer.size(); ++k) {
        layer[k] = wanted[k].second;
        desired[k] = wanted[k].first;
      }
      placeRank(layer, desired, graph_.sizes, gap_, x_);
    };
    if (down && !up)
      for (auto& layer : layers_) visit(layer);
    else
      for (auto it = layers_.rbegin(); it != layers_.rend(); ++it) visit(*it);
  }

  const std::vector<double>& x() const { return x_; }
  const std::vector<std::vector<int>>& layers() const { return layers_; }

 private:
  const LayeredGraph& graph_;
  const Adjacency& a_;
  std::vector<std::vector<int>> layers_;
  double gap_;
  std::vector<double> x_;
};

}  // namespace

LayeredPlacement placeLayered(const LayeredGraph& graph, const LayeredOptions& options) {
  LayeredPlacement out;
  const std::size_t n = graph.sizes.size();
  if (n == 0) return out;
  const Adjacency a = adjacencyOf(graph);
  const std::vector<int> order = topologicalOrder(a);
  out.rank = ranksOf(a, order);
  const std::vector<double> key = depthFirstKeys(a, order);

  const int rankCount = *std::max_element(out.rank.begin(), out.rank.end()) + 1;
  std::vector<std::vector<int>> layers(static_cast<std::size_t>(rankCount));
  std::vector<int> byKey(n);
  std::iota(byKey.begin(), byKey.end(), 0);
  std::sort(byKey.begin(), byKey.end(),
            [&](int l, int r) { return key[static_cast<std::size_t>(l)] < key[static_cast<std::size_t>(r)]; });
  for (const int v : byKey) layers[static_cast<std::size_t>(out.rank[static_cast<std::size_t>(v)])].push_back(v);

  Sweeper sweeper(graph, a, std::move(layers), options.nodesep);
  sweeper.packInOrder();
  for (int s = 0; s < options.sweeps; ++s) {
    sweeper.sweep(true, false, false);
    sweeper.sweep(false, true, false);
  }
  sweeper.sweep(true, true, true);  // settle between both sides without reordering

  // Coordinates: shift to the left edge; each rank as tall as its tallest node.
  double left = std::numeric_limits<double>::max(), right = std::numeric_limits<double>::lowest();
  for (std::size_t v = 0; v < n; ++v) {
    left = std::min(left, sweeper.x()[v] - graph.sizes[v].width / 2);
    right = std::max(right, sweeper.x()[v] + graph.sizes[v].width / 2);
  }
  std::vector<double> rankHeight(static_cast<std::size_t>(rankCount), 0),
      rankTop(static_cast<std::size_t>(rankCount), 0);
  for (std::size_t v = 0; v < n; ++v) {
    auto& h = rankHeight[static_cast<std::size_t>(out.rank[v])];
    h = std::max(h, graph.sizes[v].height);
  }
  for (std::size_t r = 1; r < rankTop.size(); ++r) rankTop[r] = rankTop[r - 1] + rankHeight[r - 1] + options.ranksep;
  out.centres.resize(n);
  for (std::size_t v = 0; v < n; ++v) {
    const auto r = static_cast<std::size_t>(out.rank[v]);
    out.centres[v] = {sweeper.x()[v] - left, rankTop[r] + rankHeight[r] / 2};
  }
  out.extent = {right - left, rankTop.back() + rankHeight.back()};
  return out;
}

}  // namespace segscope::layout
