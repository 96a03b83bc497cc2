// Building the scene from model + geometry, and turning clicks into Selections.
#include "ui/graph_scene.h"

#include <QFontMetricsF>
#include <QGraphicsSceneMouseEvent>
#include <QGraphicsTextItem>
#include <QPainter>
#include <algorithm>
#include <cmath>
#include <limits>
#include <string_view>
#include <unordered_set>

#include "ui/appearance.h"
#include "ui/graph_items.h"
#include "ui/segment_titles.h"

namespace segscope::ui {
GraphScene::GraphScene(QObject* parent) : QGraphicsScene(parent) {
  // No index: a step moves thousands of kept items (graph_scene_items.cpp), and keeping a BSP
  // tree up to date with them cost more than a hover's or a paint's walk over every item
  // (10k-op segments view: revisits 93–114 ms without it, 114–131 ms with it, in one run).
  setItemIndexMethod(QGraphicsScene::NoIndex);
  setBackgroundBrush(canvasColor());
}

void GraphScene::showPlaceholder(const QString& text) {
  clearGraph();
  auto* note = new QGraphicsTextItem;
  note->setHtml(text);
  note->setTextWidth(520);
  addItem(note);
  note->setDefaultTextColor(themedInk(QColor("#343a40")));
  setSceneRect(note->boundingRect().adjusted(-40, -40, 40, 40));
  placeholder_ = true;
}

void GraphScene::setRegionShapes(const std::vector<RegionShape>& shapes) {
  for (QGraphicsItem* item : regionLabels_) delete item;  // deleting removes it from the scene
  for (RegionItem* item : regionItems_) delete item;
  regionItems_.clear();
  regionLabels_.clear();
  for (const RegionShape& s : shapes) {
    auto* item = new RegionItem(s);
    addItem(item);
    regionItems_.push_back(item);
    regionLabels_.push_back(item->makeLabel());
    addItem(regionLabels_.back());
  }
}

namespace {

// A dark pill with white text whose right edge sits at `topRight`, above nodes and edges.
class BadgeItem : public QGraphicsItem {
 public:
  BadgeItem(const QString& text, QPointF topRight) : text_(text) {
    QFont f = font();
    const double width = QFontMetricsF(f).horizontalAdvance(text) + 12;
    rect_ = {topRight.x() - width, topRight.y(), width, 15};
    setZValue(3);
    setAcceptedMouseButtons(Qt::NoButton);
  }
  QRectF boundingRect() const override { return rect_.adjusted(-1, -1, 1, 1); }
  void paint(QPainter* p, const QStyleOptionGraphicsItem*, QWidget*) override {
    p->setRenderHint(QPainter::Antialiasing);
    p->setPen(Qt::NoPen);
    p->setBrush(QColor(33, 37, 41, 220));
    p->drawRoundedRect(rect_, 7.5, 7.5);
    p->setFont(font());
    p->setPen(Qt::white);
    p->drawText(rect_, Qt::AlignCenter, text_);
  }

 private:
  static QFont font() {
    QFont f("DejaVu Sans");
    f.setPixelSize(10);
    f.setBold(true);
    return f;
  }
  QString text_;
  QRectF rect_;
};

}  // namespace

// Zoomed out, segment titles are drawn here, over everything, at a readable on-screen size.
// Their placement is kept while the zoom stays and what is exposed stays inside the area they
// were placed for (every strip of a short pan then draws the same titles).
void GraphScene::drawForeground(QPainter* painter, const QRectF& exposed) {
  const double zoom = painter->worldTransform().m11();
  if (zoom <= 0 || zoom >= kTitleLod || placeholder_) return;
  // Titles are placed around what is exposed, three screens wide and high: a 10k-op picture
  // has 1,400 frames, and placing all their titles on every step was a sixth of the step.
  if (zoom != titlesZoom_ || !titlesArea_.contains(exposed) || titlesArea_.isNull()) {
    const TitleLayout layout{model_, [this](const std::string& id) { return clusterGeometry(id); },
                             [this](const std::string& id) { return nodeRect(id); }};
    titlesArea_ = exposed.adjusted(-exposed.width(), -exposed.height(), exposed.width(), exposed.height());
    titles_ = placeSegmentTitles(layout, zoom, &titleWidths_, titlesArea_);
    titlesZoom_ = zoom;
  }
  paintSegmentTitles(painter, titles_, exposed);
}

const std::vector<SegmentTitle>& GraphScene::titlesAt(double zoom) {
  const TitleLayout layout{model_, [this](const std::string& id) { return clusterGeometry(id); },
                           [this](const std::string& id) { return nodeRect(id); }};
  titles_ = placeSegmentTitles(layout, zoom, &titleWidths_);
  titlesZoom_ = zoom;
  titlesArea_ = QRectF();  // every frame's: drawing places them again around what it shows
  return titles_;
}

void GraphScene::setSegmentBadges(const std::map<int, QString>& badges) {
  for (QGraphicsItem* item : badgeItems_) delete item;
  badgeItems_.clear();
  const auto add = [&](const QString& text, QPointF at) {
    badgeItems_.push_back(new BadgeItem(text, at));
    addItem(badgeItems_.back());
  };
  for (const graph::Cluster& c : model_.clusters)
    if (auto it = badges.find(c.group); it != badges.end())
      if (const layout::ClusterGeometry* g = clusterGeometry(c.id))
        // Just above the frame, right-aligned: never over the title, which starts at the left
        // inside the frame and may run its full width.
        add(it->second, QPointF(g->box.x + g->box.width, g->box.y - 17));
  for (const graph::Node& n : model_.nodes)
    if (n.kind == graph::NodeKind::Segment)
      if (auto it = badges.find(n.segment); it != badges.end())
        if (const layout::NodeGeometry* g = nodeGeometry(n.id)) {
          const layout::Rect b = g->box();
          add(it->second, QPointF(b.x + b.width + 4, b.y - 8));
        }
}

const layout::NodeGeometry* GraphScene::nodeGeometry(const std::string& id) const {
  const auto it = nodeIndex_.find(id);
  if (it == nodeIndex_.end() || nodeGeometryAt_[it->second] == kNone) return nullptr;
  return &geometry_.nodes[nodeGeometryAt_[it->second]];
}

NodeItem* GraphScene::nodeItem(const std::string& id) const {
  const auto it = nodeIndex_.find(id);
  return it == nodeIndex_.end() ? nullptr : nodeItems_[it->second];
}

const layout::ClusterGeometry* GraphScene::clusterGeometry(const std::string& id) const {
  const auto it = clusterGeometry_.find(id);
  return it == clusterGeometry_.end() ? nullptr : &geometry_.clusters[it->second];
}

QRectF GraphScene::nodeRect(const std::string& id) const {
  const layout::NodeGeometry* g = nodeGeometry(id);
  return g ? toQt(g->box()) : QRectF();
}

QRectF GraphScene::clusterRect(int group) const {
  for (const graph::Cluster& c : model_.clusters)
    if (c.group == group)
      if (const layout::ClusterGeometry* g = clusterGeometry(c.id)) return toQt(g->box);
  return {};
}

QRectF GraphScene::topNodeRect() const {
  QRectF best;
  for (const graph::Node& n : model_.nodes) {
    const QRectF r = nodeRect(n.id);
    if (!r.isNull() && (best.isNull() || r.top() < best.top() - 0.5 ||
                        (std::abs(r.top() - best.top()) <= 0.5 && r.left() < best.left())))
      best = r;
  }
  return best;
}

QRectF GraphScene::highlightedRect() const {
  QRectF r;
  for (const graph::Cluster& c : model_.clusters)
    if (c.highlight != graph::Highlight::None) r = r.united(clusterRect(c.group));
  for (const graph::Node& n : model_.nodes)
    if (n.highlight != graph::Highlight::None && n.highlight != graph::Highlight::Selected)
      r = r.united(nodeRect(n.id));
  return r;
}

void GraphScene::markSelected(const std::string& id) {
  if (NodeItem* item = nodeItem(selected_)) item->setMarked(false);
  selected_ = id;
  if (NodeItem* item = nodeItem(id)) {
    item->setMarked(true);
    itemsMayBeMarked_ = true;
  }
}

void GraphScene::markAlsoSelected(const std::string& id) {
  if (NodeItem* item = nodeItem(alsoSelected_); item && alsoSelected_ != selected_) item->setMarked(false);
  alsoSelected_ = id;
  if (NodeItem* item = nodeItem(id)) {
    item->setMarked(true);
    itemsMayBeMarked_ = true;
  }
}

void GraphScene::markPath(const std::set<std::string>& path, const std::set<std::string>& separators,
                          const std::set<std::string>& ends) {
  if (path.empty() && separators.empty() && !itemsMayBeMarked_) return;  // nothing to mark or unmark
  if (!path.empty() || !separators.empty()) itemsMayBeMarked_ = true;
  for (NodeItem* node : nodeItems_)
    if (node) {
      const std::string& id = node->id();
      node->setPathMark(separators.count(id) ? PathMark::Separator : path.count(id) ? PathMark::Path : PathMark::None);
    }
  const auto onIt = [&](const std::string& id) { return path.count(id) || separators.count(id) || ends.count(id); };
  for (EdgeItem* e : edgeItems_)
    e->setOnPath(!path.empty() || !separators.empty() ? onIt(e->edge().from) && onIt(e->edge().to) : false);
}

std::vector<std::string> GraphScene::pathMarked(PathMark mark) const {
  std::vector<std::string> out;
  for (const NodeItem* node : nodeItems_)
    if (node && node->pathMark() == mark) out.push_back(node->id());
  std::sort(out.begin(), out.end());
  return out;
}

int GraphScene::edgesOnPath() const {
  return static_cast<int>(
      std::count_if(edgeItems_.begin(), edgeItems_.end(), [](const EdgeItem* e) { return e->onPath(); }));
}

void GraphScene::markAlsoSelectedCluster(int group) {
  markedCluster_ = group;
  if (group < 0 && !itemsMayBeMarked_) return;
  if (group >= 0) itemsMayBeMarked_ = true;
  for (ClusterItem* cluster : clusterItems_)
    if (cluster) cluster->setMarked(group >= 0 && cluster->group() == group);
}

std::string GraphScene::nodeForLine(int line) const {
  if (line <= 0) return {};
  for (const graph::Node& n : model_.nodes)
    if (n.sourceLine == line && n.kind == graph::NodeKind::Op) return n.id;
  for (const graph::Node& n : model_.nodes)
    if (n.sourceLine == line) return n.id;
  return {};
}

Selection GraphScene::selectionOfNode(const std::string& id) const {
  Selection s;
  const int i = model_.nodeIndex(id);
  if (i < 0) return s;
  const graph::Node& n = model_.nodes[static_cast<std::size_t>(i)];
  s.kind = Selection::Kind::Node;
  s.nodeId = id;
  s.exprId = n.exprId;
  s.valId = n.valId;
  s.group = n.group >= 0 ? n.group
                         : (n.cluster >= 0 ? model_.clusters[static_cast<std::size_t>(n.cluster)].group : n.segment);
  s.sourceLine = n.sourceLine;
  return s;
}

Selection GraphScene::selectionAt(QPointF scenePos) const {
  Selection s;
  for (QGraphicsItem* item : items(scenePos)) {  // topmost first: nodes, then edges, then clusters
    if (item->type() == NodeItemType) {
      const Selection node = selectionOfNode(static_cast<NodeItem*>(item)->id());
      if (node.empty()) continue;
      return node;
    }
    if (item->type() == EdgeItemType) {
      const graph::Edge& e = static_cast<EdgeItem*>(item)->edge();
      s.kind = Selection::Kind::Edge;
      s.nodeId = e.from + ">" + e.to;
      s.valId = e.valId;
      return s;
    }
    if (item->type() == ClusterItemType) {
      s.kind = Selection::Kind::Cluster;
      s.group = static_cast<ClusterItem*>(item)->group();
      return s;
    }
  }
  return s;
}

void GraphScene::mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event) {
  if (event->button() == Qt::LeftButton) emit activated(selectionAt(event->scenePos()));
  QGraphicsScene::mouseDoubleClickEvent(event);
}

void GraphScene::mousePressEvent(QGraphicsSceneMouseEvent* event) {
  if (event->button() == Qt::LeftButton) {
    const Selection s = selectionAt(event->scenePos());
    const bool second = s.kind == Selection::Kind::Node ? s.nodeId != selected_ : s.kind == Selection::Kind::Cluster;
    // A node marked by Find (or kept across pictures) is as good a first pick as a click.
    if ((event->modifiers() & Qt::ControlModifier) && (picked_ || !selected_.empty()) && second) {
      markAlsoSelected(s.kind == Selection::Kind::Node ? s.nodeId : std::string());
      markAlsoSelectedCluster(s.kind == Selection::Kind::Cluster ? s.group : -1);
      emit pickedAlso(s);
    } else {
      markAlsoSelected({});
      markAlsoSelectedCluster(-1);
      markSelected(s.kind == Selection::Kind::Node ? s.nodeId : std::string());
      picked_ = !s.empty();
      emit picked(s);
    }
  }
  QGraphicsScene::mousePressEvent(event);
}

std::string GraphScene::nodeNearest(QPointF point, bool segmentsOnly) const {
  std::string best;
  double bestDistance = std::numeric_limits<double>::max();
  for (const graph::Node& n : model_.nodes) {
    if (segmentsOnly && n.kind != graph::NodeKind::Segment) continue;
    const QRectF r = nodeRect(n.id);
    if (r.isNull()) continue;
    const QPointF d = r.center() - point;
    const double distance = d.x() * d.x() + d.y() * d.y();
    if (distance < bestDistance) {
      bestDistance = distance;
      best = n.id;
    }
  }
  return best;
}

}  // namespace segscope::ui
