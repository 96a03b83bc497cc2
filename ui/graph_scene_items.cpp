// GraphScene's items when one picture replaces another: those drawn alike are kept (and moved),
// the rest are built anew. A merge step changes a few segments of hundreds, and building 25k
// items for every step of a 10k-op fusion was most of stepping through it.
#include <functional>
#include <future>
#include <optional>
#include <string_view>
#include <unordered_map>

#include "ui/appearance.h"
#include "ui/graph_scene.h"

namespace segscope::ui {
namespace {

// Where an old element of the same id sits: at the same position first (models are built in a
// stable order, so most are), else through an index of the old ids built on the first miss.
class OldPosition {
 public:
  template <class IdAt>
  OldPosition(std::size_t count, IdAt idAt) : count_(count), idAt_(idAt) {}

  std::size_t operator()(std::size_t j, std::string_view id) {
    if (j < count_ && idAt_(j) == id) return j;
    if (!byId_) {
      byId_.emplace();
      byId_->reserve(count_);
      for (std::size_t i = 0; i < count_; ++i) byId_->emplace(idAt_(i), i);  // a repeated id: its first
    }
    const auto it = byId_->find(id);
    return it == byId_->end() ? static_cast<std::size_t>(-1) : it->second;
  }

 private:
  std::size_t count_;
  std::function<std::string_view(std::size_t)> idAt_;
  std::optional<std::unordered_map<std::string_view, std::size_t>> byId_;
};

}  // namespace

void GraphScene::clearGraph() {
  clear();
  forgetPicture();
}

void GraphScene::forgetPicture() {
  nodeItems_.clear();
  edgeItems_.clear();
  clusterItems_.clear();
  regionItems_.clear();
  regionLabels_.clear();
  badgeItems_.clear();
  // The old picture (29k strings and splines at 10k ops) is freed off the GUI thread, one at a
  // time: freeing it here was a twentieth of a step.
  if (disposal_.valid()) disposal_.wait();
  disposal_ = std::async(std::launch::async, [model = std::move(model_), geometry = std::move(geometry_)] {});
  model_ = {};
  geometry_ = {};
  itemsMayBeMarked_ = false;
  titlesZoom_ = 0;
  titlesArea_ = QRectF();
  nodeIndex_.clear();
  nodeGeometryAt_.clear();
  clusterGeometry_.clear();
  selected_.clear();
  alsoSelected_.clear();
  markedCluster_ = -1;
  picked_ = false;
  placeholder_ = false;
}

GraphScene::Index GraphScene::indexOf(const graph::GraphModel& model, const layout::Geometry& geometry) {
  Index index;
  index.nodes.reserve(model.nodes.size());
  for (std::size_t i = 0; i < model.nodes.size(); ++i) index.nodes.emplace(model.nodes[i].id, i);
  // Geometry lists nodes in model order; a layout that left some out is looked up by id.
  index.geometryAt.assign(model.nodes.size(), kNone);
  for (std::size_t g = 0; g < geometry.nodes.size(); ++g) {
    const std::string& id = geometry.nodes[g].id;
    if (g < model.nodes.size() && model.nodes[g].id == id) {
      index.geometryAt[g] = g;
    } else if (const auto it = index.nodes.find(id); it != index.nodes.end()) {
      index.geometryAt[it->second] = g;
    }
  }
  for (std::size_t i = 0; i < geometry.clusters.size(); ++i) index.clusters.emplace(geometry.clusters[i].id, i);
  return index;
}

void GraphScene::setGraph(graph::GraphModel model, layout::Geometry geometry) {
  Index index = indexOf(model, geometry);
  KeptItems kept = itemsToKeep(model, geometry, index);
  const std::size_t drawn = nodeItems_.size() + edgeItems_.size() + clusterItems_.size();
  if (kept.count * 2 < drawn) {  // another picture: clearing the scene at once is quicker
    clearGraph();
    kept = {};
  } else {
    dropItemsBut(kept);
  }
  model_ = std::move(model);
  geometry_ = std::move(geometry);
  nodeIndex_ = std::move(index.nodes);
  nodeGeometryAt_ = std::move(index.geometryAt);
  clusterGeometry_ = std::move(index.clusters);
  darkItems_ = darkPalette();
  addItems(kept);
  // An explicit rect: otherwise Qt recomputes the bounding rect of every item on changes.
  setSceneRect(toQt(geometry_.bounds).adjusted(-24, -24, 24, 24));
}

// Clusters under edges under nodes (their z values), each kept item whose layout shifted moved
// to where the layout puts it now, each new one added where it was built. A kept item that did
// not shift is not touched: reading 29k scattered items was a tenth of a 10k-op step.
void GraphScene::addItems(const KeptItems& kept) {
  // The kept item drawing element i of the next picture, or nullptr, and whether it shifted.
  const auto keptAt = [](const auto& items, const std::vector<char>& moved, std::size_t i) {
    using Item = std::remove_cvref_t<decltype(items[0])>;
    return items.empty() ? std::pair<Item, bool>(nullptr, false) : std::pair<Item, bool>(items[i], moved[i] != 0);
  };
  // A new item is built and added where it was built; a kept one that shifted is moved, unless
  // by less than a hundredth of a point: no item drifts, none moves for rounding.
  const auto place = [&](auto*& item, layout::Point at, auto build) {
    if (!item) return addItem(item = build());
    const QPointF want = QPointF(at.x, at.y) - item->builtAt();
    if ((want - item->pos()).manhattanLength() >= 0.01) item->setPos(want);
  };
  clusterItems_.assign(model_.clusters.size(), nullptr);
  for (std::size_t i = 0; i < model_.clusters.size(); ++i) {
    const graph::Cluster& c = model_.clusters[i];
    const layout::ClusterGeometry* g = clusterGeometry(c.id);
    if (!g) continue;
    auto [item, shifted] = keptAt(kept.clusters, kept.clusterMoved, i);
    if (!item || shifted) place(item, {g->box.x, g->box.y}, [&] { return new ClusterItem(c, *g); });
    clusterItems_[i] = item;
  }
  const std::size_t edges = std::min(model_.edges.size(), geometry_.edges.size());
  edgeItems_.assign(edges, nullptr);
  for (std::size_t i = 0; i < edges; ++i) {
    auto [item, shifted] = keptAt(kept.edges, kept.edgeMoved, i);
    if (!item || shifted)
      place(item, geometry_.edges[i].start(), [&] { return new EdgeItem(model_.edges[i], geometry_.edges[i]); });
    edgeItems_[i] = item;
  }
  nodeItems_.assign(model_.nodes.size(), nullptr);
  for (std::size_t i = 0; i < model_.nodes.size(); ++i) {
    if (nodeGeometryAt_[i] == kNone) continue;
    const layout::NodeGeometry& g = geometry_.nodes[nodeGeometryAt_[i]];
    auto [item, shifted] = keptAt(kept.nodes, kept.nodeMoved, i);
    if (!item || shifted) place(item, {g.box().x, g.box().y}, [&] { return new NodeItem(model_.nodes[i], g); });
    nodeItems_[i] = item;
  }
}

// Every cluster, edge and node the next picture draws alike (same texts and colours, same shape,
// anywhere) keeps its item.
GraphScene::KeptItems GraphScene::itemsToKeep(const graph::GraphModel& next, const layout::Geometry& nextGeometry,
                                              const Index& index) const {
  KeptItems kept;
  if (placeholder_ || darkPalette() != darkItems_ || model_.nodes.empty()) return kept;  // colours are baked in
  const auto take = [&](auto& into, std::vector<char>& taken, std::vector<char>& moved, std::size_t j, std::size_t i,
                        auto* item, layout::Point shift) {
    into[j] = item;
    taken[i] = 1;
    moved[j] = shift.x != 0 || shift.y != 0;
    ++kept.count;
  };

  kept.clusters.assign(next.clusters.size(), nullptr);
  kept.clusterKept.assign(clusterItems_.size(), 0);
  kept.clusterMoved.assign(next.clusters.size(), 0);
  OldPosition oldCluster(clusterItems_.size(), [&](std::size_t i) { return std::string_view(model_.clusters[i].id); });
  for (std::size_t j = 0; j < next.clusters.size(); ++j) {
    const auto g = index.clusters.find(next.clusters[j].id);
    const std::size_t i = oldCluster(j, next.clusters[j].id);
    if (g == index.clusters.end() || i == kNone || !clusterItems_[i] || kept.clusterKept[i]) continue;
    const layout::ClusterGeometry* was = clusterGeometry(model_.clusters[i].id);
    if (!was || !(model_.clusters[i] == next.clusters[j])) continue;
    if (const auto shift = layout::shiftBetween(*was, nextGeometry.clusters[g->second]))
      take(kept.clusters, kept.clusterKept, kept.clusterMoved, j, i, clusterItems_[i], *shift);
  }

  const std::size_t edges = std::min(next.edges.size(), nextGeometry.edges.size());
  kept.edges.assign(edges, nullptr);
  kept.edgeKept.assign(edgeItems_.size(), 0);
  kept.edgeMoved.assign(edges, 0);
  OldPosition oldEdge(edgeItems_.size(), [&](std::size_t i) { return std::string_view(geometry_.edges[i].id); });
  for (std::size_t j = 0; j < edges; ++j) {
    const std::size_t i = oldEdge(j, nextGeometry.edges[j].id);
    if (i == kNone || kept.edgeKept[i]) continue;
    if (!(model_.edges[i] == next.edges[j])) continue;
    if (const auto shift = layout::shiftBetween(geometry_.edges[i], nextGeometry.edges[j]))
      take(kept.edges, kept.edgeKept, kept.edgeMoved, j, i, edgeItems_[i], *shift);
  }

  kept.nodes.assign(next.nodes.size(), nullptr);
  kept.nodeKept.assign(nodeItems_.size(), 0);
  kept.nodeMoved.assign(next.nodes.size(), 0);
  OldPosition oldNode(nodeItems_.size(), [&](std::size_t i) { return std::string_view(model_.nodes[i].id); });
  for (std::size_t j = 0; j < next.nodes.size(); ++j) {
    if (index.geometryAt[j] == kNone) continue;
    const std::size_t i = oldNode(j, next.nodes[j].id);
    if (i == kNone || !nodeItems_[i] || kept.nodeKept[i]) continue;
    const layout::NodeGeometry& was = geometry_.nodes[nodeGeometryAt_[i]];
    if (!NodeItem::drawnAlike(model_.nodes[i], next.nodes[j])) continue;
    if (const auto shift = layout::shiftBetween(was, nextGeometry.nodes[index.geometryAt[j]]))
      take(kept.nodes, kept.nodeKept, kept.nodeMoved, j, i, nodeItems_[i], *shift);
  }
  return kept;
}

// Deletes every item but those kept, and unmarks those (a new picture starts unselected); when
// no item may be marked, the kept ones are left untouched.
void GraphScene::dropItemsBut(const KeptItems& kept) {
  const auto drop = [&](const auto& items, const std::vector<char>& keep, auto unmark) {
    for (std::size_t i = 0; i < items.size(); ++i) {
      if (!items[i]) continue;
      if (!keep[i])
        delete items[i];  // deleting removes it from the scene
      else if (itemsMayBeMarked_)
        unmark(items[i]);
    }
  };
  drop(clusterItems_, kept.clusterKept, [](ClusterItem* c) { c->setMarked(false); });
  drop(edgeItems_, kept.edgeKept, [](EdgeItem* e) { e->setOnPath(false); });
  drop(nodeItems_, kept.nodeKept, [](NodeItem* n) {
    n->setMarked(false);
    n->setPathMark(PathMark::None);
  });
  for (QGraphicsItem* item : badgeItems_) delete item;
  for (QGraphicsItem* item : regionLabels_) delete item;
  for (RegionItem* item : regionItems_) delete item;
  forgetPicture();
}

}  // namespace segscope::ui
