// Block layouts: clusters laid out one by one (dot or layered), cached, then placed together.
#include "block_layout.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "content_hash.h"
#include "graphviz_layout.h"
#include "layered_layout.h"

namespace segscope::layout {

const Geometry* BlockCache::find(std::uint64_t key) {
  const auto it = entries_.find(key);
  if (it == entries_.end()) {
    ++misses_;
    return nullptr;
  }
  ++hits_;
  order_.splice(order_.end(), order_, it->second.second);
  return &it->second.first;
}

const Geometry* BlockCache::store(std::uint64_t key, Geometry geometry) {
  if (const auto it = entries_.find(key); it != entries_.end()) {
    it->second.first = std::move(geometry);
    return &it->second.first;
  }
  order_.push_back(key);
  return &entries_.emplace(key, std::make_pair(std::move(geometry), std::prev(order_.end()))).first->second.first;
}

void BlockCache::trim() {
  while (entries_.size() > capacity_) {
    entries_.erase(order_.front());
    order_.pop_front();
  }
}

namespace {

constexpr double kArrowLength = 7;
constexpr double kClusterPad = 8;

double textWidth(const std::string& text, double fontsize, bool bold) {
  std::size_t glyphs = 0;
  for (const unsigned char c : text) glyphs += (c & 0xC0) != 0x80;  // UTF-8 continuation bytes add nothing
  return static_cast<double>(glyphs) * fontsize * (bold ? 0.6 : 0.55);
}

// What dot would make of the node's HTML label (0.11 × 0.055 inch margins, 0.75 inch
// minimum width, ellipses √2 wider), close enough for placement.
Size estimateNodeSize(const graph::Node& node, const LayoutOptions& options) {
  double width = textWidth(node.label.empty() ? node.id : node.label, options.fontsize, true);
  double height = options.fontsize * 1.2;
  if (!node.detail.empty()) {
    width = std::max(width, textWidth(node.detail, options.fontsize - 2, false));
    height += (options.fontsize - 2) * 1.2;
  }
  width += 16;
  height += 8;
  if (node.kind == graph::NodeKind::Input) {
    width *= 1.41;
    height *= 1.3;
  }
  return {std::max(width, 54.0), std::max(height, 21.6)};
}

// A top-to-bottom curve from one node's edge to the other's, arrow at the head, label beside
// its middle.
EdgeGeometry curveBetween(const graph::Edge& edge, const NodeGeometry& from, const NodeGeometry& to,
                          const LayoutOptions& options) {
  EdgeGeometry out;
  out.id = edgeId(edge);
  out.from = edge.from;
  out.to = edge.to;
  const double down = to.y >= from.y ? 1 : -1;
  const Point start{from.x, from.y + down * from.height / 2};
  const Point tip{to.x, to.y - down * to.height / 2};
  const Point base{tip.x, tip.y - down * kArrowLength};
  const double bend = (base.y - start.y) / 2;
  out.beziers.push_back({start, {start.x, start.y + bend}, {base.x, base.y - bend}, base});
  out.hasArrow = true;
  out.arrowTip = tip;
  if (options.edgeLabels && !edge.label.empty()) {
    out.hasLabel = true;
    out.labelSize = {textWidth(edge.label, options.fontsize - 2, false), (options.fontsize - 2) * 1.3};
    out.labelPos = {(start.x + base.x) / 2 + out.labelSize.width / 2 + 4, (start.y + base.y) / 2};
  }
  return out;
}

NodeGeometry translated(NodeGeometry n, Point by) {
  n.x += by.x;
  n.y += by.y;
  return n;
}

EdgeGeometry translated(EdgeGeometry e, Point by) {
  for (auto& piece : e.beziers)
    for (Point& p : piece) p = {p.x + by.x, p.y + by.y};
  e.arrowTip = {e.arrowTip.x + by.x, e.arrowTip.y + by.y};
  e.labelPos = {e.labelPos.x + by.x, e.labelPos.y + by.y};
  return e;
}

ClusterGeometry translated(ClusterGeometry c, Point by) {
  c.box.x += by.x;
  c.box.y += by.y;
  c.labelPos = {c.labelPos.x + by.x, c.labelPos.y + by.y};
  return c;
}

std::unordered_map<std::string, int> indexById(const graph::GraphModel& model) {
  std::unordered_map<std::string, int> index;
  index.reserve(model.nodes.size());
  for (std::size_t i = 0; i < model.nodes.size(); ++i) index.emplace(model.nodes[i].id, static_cast<int>(i));
  return index;
}

// The box dot would draw around a cluster's members, its title centred on top.
ClusterGeometry boxAround(const graph::Cluster& cluster, const std::vector<const NodeGeometry*>& members,
                          const LayoutOptions& options) {
  double left = std::numeric_limits<double>::max(), top = left;
  double right = std::numeric_limits<double>::lowest(), bottom = right;
  for (const NodeGeometry* n : members) {
    left = std::min(left, n->x - n->width / 2);
    right = std::max(right, n->x + n->width / 2);
    top = std::min(top, n->y - n->height / 2);
    bottom = std::max(bottom, n->y + n->height / 2);
  }
  ClusterGeometry out;
  out.id = cluster.id;
  out.labelSize = {textWidth(cluster.label, options.fontsize, false), options.fontsize * 1.3};
  const double titleHeight = out.labelSize.height + 4;
  const double width = std::max(right - left + 2 * kClusterPad, out.labelSize.width + 2 * kClusterPad);
  const double centre = (left + right) / 2;
  out.box = {centre - width / 2, top - kClusterPad - titleHeight, width, bottom - top + 2 * kClusterPad + titleHeight};
  out.labelPos = {centre, out.box.y + 2 + out.labelSize.height / 2};
  return out;
}

// Moves everything so the picture starts at (margin, margin); bounds take the whole extent.
void normalise(Geometry& g) {
  constexpr double kMargin = 4;
  double left = std::numeric_limits<double>::max(), top = left;
  double right = std::numeric_limits<double>::lowest(), bottom = right;
  const auto cover = [&](const Rect& r) {
    left = std::min(left, r.x);
    top = std::min(top, r.y);
    right = std::max(right, r.right());
    bottom = std::max(bottom, r.bottom());
  };
  for (const auto& n : g.nodes) cover(n.box());
  for (const auto& c : g.clusters) cover(c.box);
  for (const auto& e : g.edges)
    if (e.hasLabel)
      cover({e.labelPos.x - e.labelSize.width / 2, e.labelPos.y - e.labelSize.height / 2, e.labelSize.width,
             e.labelSize.height});
  if (g.nodes.empty()) return;
  const Point by{kMargin - left, kMargin - top};
  for (auto& n : g.nodes) n = translated(std::move(n), by);
  for (auto& c : g.clusters) c = translated(std::move(c), by);
  for (auto& e : g.edges) e = translated(std::move(e), by);
  g.bounds = {0, 0, right - left + 2 * kMargin, bottom - top + 2 * kMargin};
}

LayeredOptions layeredOptions(const LayoutOptions& options) { return {options.nodesep * 72, options.ranksep * 72, 4}; }

// The layered engine on a whole model with at most one cluster (a block, or a picture with
// no clusters). A big block's inputs are drawn next to their consumers, inside its box: a
// row of 200 weights above a 4k-op segment, with edges down its whole height, showed nothing.
Geometry layeredGeometry(const graph::GraphModel& model, const LayoutOptions& options) {
  const auto index = indexById(model);
  LayeredGraph graph;
  graph.sizes.reserve(model.nodes.size());
  for (const auto& n : model.nodes) graph.sizes.push_back(estimateNodeSize(n, options));
  for (const auto& e : model.edges) {
    const auto from = index.find(e.from), to = index.find(e.to);
    if (from != index.end() && to != index.end()) graph.edges.emplace_back(from->second, to->second);
  }
  const LayeredPlacement placed = placeLayered(graph, layeredOptions(options));
  Geometry out;
  out.nodes.reserve(model.nodes.size());
  for (std::size_t i = 0; i < model.nodes.size(); ++i)
    out.nodes.push_back(
        {model.nodes[i].id, placed.centres[i].x, placed.centres[i].y, graph.sizes[i].width, graph.sizes[i].height});
  out.edges.reserve(model.edges.size());
  for (const auto& e : model.edges) {
    const auto from = index.find(e.from), to = index.find(e.to);
    if (from == index.end() || to == index.end()) continue;
    out.edges.push_back(curveBetween(e, out.nodes[static_cast<std::size_t>(from->second)],
                                     out.nodes[static_cast<std::size_t>(to->second)], options));
  }
  for (std::size_t c = 0; c < model.clusters.size(); ++c) {
    std::vector<const NodeGeometry*> members;
    for (std::size_t i = 0; i < model.nodes.size(); ++i)
      if (model.nodes[i].cluster == static_cast<int>(c)) members.push_back(&out.nodes[i]);
    if (!members.empty()) out.clusters.push_back(boxAround(model.clusters[c], members, options));
  }
  normalise(out);
  return out;
}

// The block a node is laid out in: its cluster, or, for an input copy drawn next to the
// cluster of group g ("v5@g3"), that cluster; -1 = placed on its own at the top level.
int blockOf(const graph::Node& node, const std::unordered_map<int, int>& clusterOfGroup) {
  if (node.cluster >= 0) return node.cluster;
  if (node.kind != graph::NodeKind::Input) return -1;
  const auto at = node.id.rfind("@g");
  if (at == std::string::npos || at + 2 >= node.id.size()) return -1;
  int group = 0;
  for (std::size_t i = at + 2; i < node.id.size(); ++i) {
    if (node.id[i] < '0' || node.id[i] > '9') return -1;
    group = group * 10 + (node.id[i] - '0');
  }
  const auto it = clusterOfGroup.find(group);
  return it == clusterOfGroup.end() ? -1 : it->second;
}

struct Block {
  std::vector<int> nodes;   // model node indices, in model order
  std::vector<int> edges;   // model edge indices inside the block, in model order
  graph::GraphModel model;  // those nodes and edges alone, the cluster as cluster 0
  const Geometry* geometry = nullptr;
};

// What a block's layout depends on: structure and text, not highlights or tooltips.
std::uint64_t blockKey(const graph::GraphModel& block, const LayoutOptions& options) {
  ContentHash f;
  hashOptions(f, options);
  for (const auto& n : block.nodes) {
    f.str(n.id);
    f.num(static_cast<int>(n.kind));
    f.str(n.label);
    f.str(n.detail);
    f.num(n.cluster);
  }
  for (const auto& e : block.edges) {
    f.str(e.from);
    f.str(e.to);
    f.str(e.label);
  }
  for (const auto& c : block.clusters) f.str(c.label);
  return f.h;
}

}  // namespace

Result<Geometry> layoutInBlocks(const graph::GraphModel& model, const LayoutOptions& options, const DotLayout& dot,
                                BlockCache* cache) {
  const auto started = std::chrono::steady_clock::now();
  const auto finish = [&](Geometry g) {
    g.milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
    return g;
  };
  if (model.clusters.empty()) return finish(layeredGeometry(model, options));

  const auto index = indexById(model);
  std::vector<int> owner(model.nodes.size());
  std::vector<Block> blocks(model.clusters.size());
  std::unordered_map<int, int> clusterOfGroup;
  for (std::size_t c = 0; c < model.clusters.size(); ++c)
    clusterOfGroup.emplace(model.clusters[c].group, static_cast<int>(c));
  for (std::size_t i = 0; i < model.nodes.size(); ++i) {
    owner[i] = blockOf(model.nodes[i], clusterOfGroup);
    if (owner[i] >= 0) blocks[static_cast<std::size_t>(owner[i])].nodes.push_back(static_cast<int>(i));
  }
  std::vector<int> from(model.edges.size(), -1), to(model.edges.size(), -1);
  for (std::size_t e = 0; e < model.edges.size(); ++e) {
    const auto f = index.find(model.edges[e].from), t = index.find(model.edges[e].to);
    if (f == index.end() || t == index.end()) continue;
    from[e] = f->second;
    to[e] = t->second;
    const int b = owner[static_cast<std::size_t>(from[e])];
    if (b >= 0 && b == owner[static_cast<std::size_t>(to[e])])
      blocks[static_cast<std::size_t>(b)].edges.push_back(static_cast<int>(e));
  }

  std::vector<Geometry> fresh;  // blocks laid out now when there is no cache to hold them
  fresh.reserve(blocks.size());
  for (std::size_t c = 0; c < blocks.size(); ++c) {
    Block& block = blocks[c];
    if (block.nodes.empty()) continue;
    block.model.clusters.push_back(model.clusters[c]);
    for (const int i : block.nodes) {
      graph::Node n = model.nodes[static_cast<std::size_t>(i)];
      n.cluster = n.cluster >= 0 ? 0 : -1;
      block.model.nodes.push_back(std::move(n));
    }
    for (const int e : block.edges) block.model.edges.push_back(model.edges[static_cast<std::size_t>(e)]);
    const std::uint64_t key = blockKey(block.model, options);
    if (cache && (block.geometry = cache->find(key))) continue;
    Geometry g;
    if (block.model.nodes.size() <= options.dotBlockLimit) {
      SEGSCOPE_TRY(auto laid, dot(block.model));
      g = std::move(laid);
    } else {
      g = layeredGeometry(block.model, options);
    }
    if (cache) {
      block.geometry = cache->store(key, std::move(g));
    } else {
      fresh.push_back(std::move(g));
      block.geometry = &fresh.back();
    }
  }

  // The top level: one item per block, one per node outside every block.
  std::vector<int> itemOfBlock(blocks.size(), -1), itemOfNode(model.nodes.size(), -1);
  LayeredGraph top;
  for (std::size_t c = 0; c < blocks.size(); ++c) {
    if (!blocks[c].geometry) continue;
    itemOfBlock[c] = static_cast<int>(top.sizes.size());
    top.sizes.push_back({blocks[c].geometry->bounds.width, blocks[c].geometry->bounds.height});
  }
  for (std::size_t i = 0; i < model.nodes.size(); ++i) {
    if (owner[i] >= 0) {
      itemOfNode[i] = itemOfBlock[static_cast<std::size_t>(owner[i])];
      continue;
    }
    itemOfNode[i] = static_cast<int>(top.sizes.size());
    top.sizes.push_back(estimateNodeSize(model.nodes[i], options));
  }
  std::unordered_set<std::uint64_t> linked;
  for (std::size_t e = 0; e < model.edges.size(); ++e) {
    if (from[e] < 0) continue;
    const int a = itemOfNode[static_cast<std::size_t>(from[e])], b = itemOfNode[static_cast<std::size_t>(to[e])];
    if (a != b && linked.insert((static_cast<std::uint64_t>(a) << 32) | static_cast<std::uint32_t>(b)).second)
      top.edges.emplace_back(a, b);
  }
  const LayeredPlacement placed = placeLayered(top, layeredOptions(options));

  Geometry out;
  std::vector<Point> offset(blocks.size());
  for (std::size_t c = 0; c < blocks.size(); ++c) {
    if (itemOfBlock[c] < 0) continue;
    const Point centre = placed.centres[static_cast<std::size_t>(itemOfBlock[c])];
    offset[c] = {centre.x - blocks[c].geometry->bounds.width / 2, centre.y - blocks[c].geometry->bounds.height / 2};
  }
  std::vector<int> slot(model.nodes.size(), -1);  // a member's position in its block
  for (const Block& block : blocks)
    for (std::size_t k = 0; k < block.nodes.size(); ++k)
      slot[static_cast<std::size_t>(block.nodes[k])] = static_cast<int>(k);
  out.nodes.reserve(model.nodes.size());
  for (std::size_t i = 0; i < model.nodes.size(); ++i) {
    if (owner[i] >= 0) {
      const auto c = static_cast<std::size_t>(owner[i]);
      out.nodes.push_back(translated(blocks[c].geometry->nodes[static_cast<std::size_t>(slot[i])], offset[c]));
    } else {
      const Point p = placed.centres[static_cast<std::size_t>(itemOfNode[i])];
      const Size s = top.sizes[static_cast<std::size_t>(itemOfNode[i])];
      out.nodes.push_back({model.nodes[i].id, p.x, p.y, s.width, s.height});
    }
  }
  std::vector<int> edgeSlot(model.edges.size(), -1);
  for (const Block& block : blocks)
    for (std::size_t k = 0; k < block.edges.size(); ++k)
      edgeSlot[static_cast<std::size_t>(block.edges[k])] = static_cast<int>(k);
  out.edges.reserve(model.edges.size());
  for (std::size_t e = 0; e < model.edges.size(); ++e) {
    if (from[e] < 0) continue;
    if (edgeSlot[e] >= 0) {
      const auto c = static_cast<std::size_t>(owner[static_cast<std::size_t>(from[e])]);
      const auto& laid = blocks[c].geometry->edges;
      if (static_cast<std::size_t>(edgeSlot[e]) < laid.size()) {
        out.edges.push_back(translated(laid[static_cast<std::size_t>(edgeSlot[e])], offset[c]));
        continue;
      }
    }
    out.edges.push_back(curveBetween(model.edges[e], out.nodes[static_cast<std::size_t>(from[e])],
                                     out.nodes[static_cast<std::size_t>(to[e])], options));
  }
  for (std::size_t c = 0; c < blocks.size(); ++c)
    if (blocks[c].geometry && !blocks[c].geometry->clusters.empty())
      out.clusters.push_back(translated(blocks[c].geometry->clusters.front(), offset[c]));
  normalise(out);
  if (cache) cache->trim();  // only now: the blocks above point into it
  return finish(std::move(out));
}

}  // namespace segscope::layout
