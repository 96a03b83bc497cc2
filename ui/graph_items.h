// The three item kinds of the graph scene; each paints what graph::GraphModel says with the
// colors graph::nodeColors / schedulerColors give (the same as the SVG export).
#pragma once

#include <QGraphicsItem>
#include <QPainterPath>
#include <QStaticText>

#include "graph/graph_model.h"
#include "layout/geometry.h"

namespace segscope::ui {

enum ItemKind { ClusterItemType = QGraphicsItem::UserType + 1, NodeItemType, EdgeItemType };

/// A layout rectangle as Qt's.
inline QRectF toQt(const layout::Rect& r) { return {r.x, r.y, r.width, r.height}; }

/// Below this zoom a cluster's 10 px title would fall under 9 px on screen: the scene then draws
/// segment titles itself, over everything, at a readable size (GraphScene::drawForeground).
constexpr double kTitleLod = 0.9;
/// The smallest on-screen size of a segment title, in pixels.
constexpr double kMinTitlePixels = 11.0;
/// Below this zoom a node's text is too small to read and only its box is drawn.
constexpr double kLodText = 0.4;

class ClusterItem : public QGraphicsItem {
 public:
  ClusterItem(const graph::Cluster& cluster, const layout::ClusterGeometry& geometry);
  int type() const override { return ClusterItemType; }
  QRectF boundingRect() const override;
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
  int group() const { return group_; }
  /// Where the layout put its frame's corner when it was built (a kept item is moved from there).
  QPointF builtAt() const { return box_.topLeft(); }
  /// Drawn with a heavy outline in the ink colour: a segment picked as one side of Why apart.
  void setMarked(bool marked);

 private:
  QRectF box_;
  QString label_;
  QColor fill_, pen_;
  QColor titleColor_;
  QStaticText title_;  // shaped at the first paint close enough to show it
  bool highlighted_ = false;
  bool marked_ = false;
  int group_ = -1;
};

/// How Why apart marks a node: on a data path between the two asked about, or a separator
/// (on that path, in a third segment).
enum class PathMark { None, Path, Separator };

class NodeItem : public QGraphicsItem {
 public:
  NodeItem(const graph::Node& node, const layout::NodeGeometry& geometry);
  /// Whether an item built for `a` draws `b` the same (what it shows, not where it is).
  static bool drawnAlike(const graph::Node& a, const graph::Node& b);
  int type() const override { return NodeItemType; }
  QRectF boundingRect() const override;
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
  const std::string& id() const { return id_; }
  /// Where the layout put its box's corner when it was built (a kept item is moved from there).
  QPointF builtAt() const { return box_.topLeft(); }
  void setMarked(bool marked);
  void setPathMark(PathMark mark);
  PathMark pathMark() const { return pathMark_; }

 private:
  void paintPathMark(QPainter* painter) const;
  void drawOutline(QPainter* painter) const;
  void paintSeparatorTag(QPainter* painter) const;
  std::string id_;
  QRectF box_;
  QString label_, detail_;
  QStaticText shapedLabel_, shapedDetail_;  // elided and shaped at the first paint with text
  QColor fill_, pen_;
  QColor text_{"#212529"}, detailText_{"#495057"};
  bool ellipse_ = false;
  bool dashed_ = false;
  bool hexagon_ = false;     // a collective (FX graphs): traffic between GPUs, not a kernel
  bool tile_ = false;        // an overview tile: below kTitleLod the scene writes its title
  bool emphasized_ = false;  // highlighted: thicker pen
  bool marked_ = false;      // the user's selection
  PathMark pathMark_ = PathMark::None;
};

/// The parts of `path` that reach into `area`: its cubics halved until each is no bigger than
/// the area, those whose control points' hull misses it left out. How a curve far longer than
/// the screen is drawn: Qt flattens a path whole before clipping it.
QPainterPath curvePiecesIn(const QPainterPath& path, const QRectF& area);

class EdgeItem : public QGraphicsItem {
 public:
  EdgeItem(const graph::Edge& edge, const layout::EdgeGeometry& geometry);
  int type() const override { return EdgeItemType; }
  QRectF boundingRect() const override;
  QPainterPath shape() const override;
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
  const graph::Edge& edge() const { return edge_; }
  /// Where the layout started its spline when it was built (a kept item is moved from there).
  QPointF builtAt() const { return builtAt_; }
  /// Drawn thick in the path colour: the edge joins two nodes of a Why apart path.
  void setOnPath(bool on);
  bool onPath() const { return onPath_; }

 private:
  graph::Edge edge_;
  QPainterPath path_;
  QPolygonF arrow_;
  QString label_;
  QPointF labelPos_;
  QRectF bounds_;
  QPointF builtAt_;
  QColor pen_, labelInk_;
  double width_ = 1.0;
  bool onPath_ = false;
};

}  // namespace segscope::ui
