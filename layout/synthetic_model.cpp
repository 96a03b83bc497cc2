// Synthetic fusion-like GraphModels: the shape of real segmenter output without the engine.
#include "synthetic_model.h"

#include <algorithm>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace segscope::layout {

namespace {

// A tiny LCG so the graph is the same on every platform (std distributions are not).
struct Lcg {
  std::uint64_t state;
  std::uint32_t next() {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<std::uint32_t>(state >> 33);
  }
  int below(int n) { return static_cast<int>(next() % static_cast<std::uint32_t>(n)); }
};

const char* const kSchedulers[] = {"pointwise", "reduction", "inner_persistent", "transpose", "resize"};
const char* const kOps[] = {"add", "mul", "sum", "exp", "cast", "where", "neg", "broadcast"};

int clusterOf(int op, const SyntheticOptions& o) {
  if (o.clusters <= 0) return -1;
  return static_cast<int>(static_cast<long long>(op) * o.clusters / std::max(o.ops, 1));
}

std::vector<graph::Cluster> makeClusters(const SyntheticOptions& o) {
  std::vector<graph::Cluster> clusters;
  for (int c = 0; c < o.clusters; ++c) {
    graph::Cluster cluster;
    cluster.id = "segment-" + std::to_string(c);
    cluster.group = c;
    cluster.scheduler = kSchedulers[c % 5];
    const auto colors = graph::schedulerColors(cluster.scheduler);
    cluster.fillColor = colors.fill;
    cluster.penColor = colors.pen;
    clusters.push_back(std::move(cluster));
  }
  return clusters;
}

graph::Node makeOp(int i, int cluster, Lcg& rng) {
  graph::Node n;
  n.id = "e" + std::to_string(i);
  n.kind = graph::NodeKind::Op;
  n.label = "T" + std::to_string(i) + " = " + kOps[rng.below(8)];
  n.detail = "f32 [2048, " + std::to_string(64 << rng.below(5)) + "]";
  n.tooltip = n.label + " <line " + std::to_string(i + 1) + ">";
  n.cssClass = "op pointwise";
  n.exprId = i;
  n.valId = 1000 + i;
  n.cluster = cluster;
  n.sourceLine = i + 1;
  return n;
}

graph::Edge makeEdge(const std::string& from, const std::string& to, int valId, bool crosses,
                     const SyntheticOptions& o) {
  graph::Edge e;
  e.from = from;
  e.to = to;
  e.valId = valId;
  e.crossesClusters = crosses;
  if (crosses && o.edgeLabels) e.label = "f32 [2048, 1024]";
  e.tooltip = "T" + std::to_string(valId);
  e.bytes = 2048 * 1024 * 4;
  return e;
}

}  // namespace

graph::GraphModel syntheticFusionModel(const SyntheticOptions& o) {
  graph::GraphModel m;
  m.title = "synthetic " + std::to_string(o.ops) + " ops, seed " + std::to_string(o.seed);
  m.clusters = makeClusters(o);
  Lcg rng{o.seed * 2654435761ull + 1};
  std::map<std::pair<int, int>, std::string> inputCopies;  // (input, cluster) -> node id
  std::vector<bool> used(static_cast<std::size_t>(o.ops), false);
  std::vector<graph::Edge> edges;

  auto inputNode = [&](int input, int cluster) {
    auto [it, fresh] = inputCopies.try_emplace({input, cluster});
    if (fresh) {
      graph::Node n;
      n.id = "v" + std::to_string(input) + (cluster >= 0 ? "@g" + std::to_string(cluster) : "");
      n.kind = graph::NodeKind::Input;
      n.label = "T" + std::to_string(input);
      n.detail = "f32 [2048, 1024]";
      n.cssClass = "input";
      n.valId = input;
      m.nodes.push_back(n);
      it->second = n.id;
    }
    return it->second;
  };

  for (int i = 0; i < o.ops; ++i) {
    const int cluster = clusterOf(i, o);
    graph::Node op = makeOp(i, cluster, rng);
    if ((i < 2 || rng.below(8) == 0) && o.inputs > 0) {
      const int input = rng.below(o.inputs);
      edges.push_back(makeEdge(inputNode(input, cluster), op.id, input, false, o));
    }
    const int producers = i == 0 ? 0 : 1 + rng.below(2);
    int last = -1;
    for (int p = 0; p < producers; ++p) {
      const int from = std::max(0, i - 1 - rng.below(std::min(i, 8)));
      if (from == last) continue;  // one edge per producer
      last = from;
      used[static_cast<std::size_t>(from)] = true;
      const bool crosses = clusterOf(from, o) != cluster;
      edges.push_back(makeEdge("e" + std::to_string(from), op.id, 1000 + from, crosses, o));
    }
    m.nodes.push_back(std::move(op));
  }
  for (int i = 0; i < o.ops; ++i) {
    if (used[static_cast<std::size_t>(i)]) continue;
    graph::Node out;
    out.id = "out" + std::to_string(i);
    out.kind = graph::NodeKind::Output;
    out.label = "T" + std::to_string(i);
    out.detail = "output";
    out.cssClass = "output";
    out.valId = 1000 + i;
    m.nodes.push_back(out);
    edges.push_back(makeEdge("e" + std::to_string(i), out.id, 1000 + i, false, o));
  }
  for (auto& c : m.clusters) {
    c.opCount = static_cast<int>(std::count_if(m.nodes.begin(), m.nodes.end(), [&](const graph::Node& n) {
      return n.kind == graph::NodeKind::Op && n.cluster == c.group;
    }));
    c.label = c.id + " · " + c.scheduler + " · " + std::to_string(c.opCount) + " ops";
  }
  m.edges = std::move(edges);
  return m;
}

}  // namespace segscope::layout
