// Painting the graph: rounded boxes with a bold label and a detail line, cluster frames with
// their title, splines with arrowheads; below ~40% zoom, node text is skipped (level of detail).
#include "ui/graph_items.h"

#include "ui/appearance.h"

#include <QFontMetricsF>
#include <QHash>
#include <QPainter>
#include <QScopeGuard>
#include <QStyleOptionGraphicsItem>
#include <cmath>

namespace segscope::ui {
namespace {

// A colour two thirds of the way to the canvas: how dimmed (not tried) items are drawn. Opaque
// on purpose: item opacity would make every paint of a dimmed item blend.
QColor faded(const QColor& c) {
  const QColor to = canvasColor();
  const auto mix = [](double a, double b) { return a + (b - a) * 0.65; };
  return QColor::fromRgbF(mix(c.redF(), to.redF()), mix(c.greenF(), to.greenF()), mix(c.blueF(), to.blueF()));
}

QColor color(const std::string& hex, const char* fallback = "#495057") {
  const QColor c(QString::fromStdString(hex));
  return c.isValid() ? c : QColor(fallback);
}

// Past this on-screen extent an edge is drawn aliased (see EdgeItem::paint).
constexpr double kLongEdgePixels = 4000;

double levelOfDetail(const QPainter* painter, const QStyleOptionGraphicsItem* option) {
  return option->levelOfDetailFromTransform(painter->worldTransform());
}

// Geometry is in points (as Graphviz measured the text); the fonts use the same units.
QFont labelFont(bool bold, double size) {
  QFont f("DejaVu Sans");
  f.setStyleHint(QFont::SansSerif);
  f.setPixelSize(static_cast<int>(std::lround(size)));
  f.setBold(bold);
  return f;
}

}  // namespace

ClusterItem::ClusterItem(const graph::Cluster& cluster, const layout::ClusterGeometry& geometry)
    : box_(toQt(geometry.box)),
      label_(QString::fromStdString(cluster.label)),
      fill_(themedFill(color(cluster.fillColor, "#f8f9fa"))),
      pen_(themedPen(color(cluster.penColor))),
      titleColor_(themedInk(QColor("#212529"))),
      highlighted_(cluster.highlight != graph::Highlight::None),
      group_(cluster.group) {
  if (highlighted_) pen_ = themedPen(color(graph::highlightStyle(cluster.highlight).pen));
  if (cluster.dimmed) {
    fill_ = faded(fill_);
    pen_ = faded(pen_);
    titleColor_ = faded(titleColor_);
  }
  setZValue(0);
  setToolTip(label_);
}

QRectF ClusterItem::boundingRect() const { return box_.adjusted(-2, -2, 2, 2); }

void ClusterItem::setMarked(bool marked) {
  if (marked == marked_) return;
  marked_ = marked;
  update();
}

void ClusterItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
  painter->setRenderHint(QPainter::Antialiasing);
  painter->setBrush(fill_);
  painter->setPen(marked_ ? QPen(titleColor_, 4.0, Qt::DashLine) : QPen(pen_, highlighted_ ? 3.5 : 1.0));
  painter->drawRoundedRect(box_, 8, 8);
  if (levelOfDetail(painter, option) < kTitleLod) return;  // the scene draws it, larger
  painter->setFont(labelFont(true, 10));
  painter->setPen(titleColor_);
  const QRectF title(box_.left() + 8, box_.top() + 3, box_.width() - 16, 16);
  painter->drawText(title, Qt::AlignLeft | Qt::AlignVCenter,
                    QFontMetricsF(painter->font()).elidedText(label_, Qt::ElideRight, title.width()));
}

NodeItem::NodeItem(const graph::Node& node, const layout::NodeGeometry& geometry)
    : id_(node.id),
      box_(toQt(geometry.box())),
      label_(QString::fromStdString(node.label)),
      detail_(QString::fromStdString(node.detail)),
      ellipse_(node.kind == graph::NodeKind::Input),
      dashed_(node.kind == graph::NodeKind::Tensor),
      tile_(node.cssClass.find(" tile") != std::string::npos),
      emphasized_(node.highlight != graph::Highlight::None) {
  const graph::HighlightStyle colors = graph::nodeColors(node);
  fill_ = themedFill(color(colors.fill, "#ffffff"));
  pen_ = themedPen(color(colors.pen));
  text_ = themedInk(text_);
  detailText_ = themedInk(detailText_);
  if (node.dimmed) {
    fill_ = faded(fill_);
    pen_ = faded(pen_);
    text_ = faded(text_);
    detailText_ = faded(detailText_);
  }
  setZValue(2);
  setToolTip(QString::fromStdString(node.tooltip.empty() ? node.label : node.tooltip));
  setCursor(Qt::PointingHandCursor);
}

bool NodeItem::drawnAlike(const graph::Node& a, const graph::Node& b) {
  // Everything the constructor reads; a node's indices (its cluster's position in the model) may
  // change while it looks the same.
  return a.id == b.id && a.kind == b.kind && a.label == b.label && a.detail == b.detail && a.tooltip == b.tooltip &&
         a.cssClass == b.cssClass && a.fillColor == b.fillColor && a.penColor == b.penColor &&
         a.highlight == b.highlight && a.dimmed == b.dimmed;
}

// Room for the path halo, and above the box for a separator's tag.
QRectF NodeItem::boundingRect() const {
  if (pathMark_ == PathMark::Separator) return box_.adjusted(-7, -7, 7, 20);
  return pathMark_ == PathMark::Path ? box_.adjusted(-7, -7, 7, 7) : box_.adjusted(-3, -3, 3, 3);
}

void NodeItem::setMarked(bool marked) {
  if (marked == marked_) return;
  marked_ = marked;
  update();
}

void NodeItem::setPathMark(PathMark mark) {
  if (mark == pathMark_) return;
  prepareGeometryChange();
  pathMark_ = mark;
  update();
}

QColor pathColor(PathMark mark) { return QColor(mark == PathMark::Separator ? "#e03131" : "#1c7ed6"); }

// A translucent halo around a node on the path (blue) or a separator (red).
void NodeItem::paintPathMark(QPainter* painter) const {
  if (pathMark_ == PathMark::None) return;
  QColor halo = pathColor(pathMark_);
  halo.setAlpha(120);
  painter->setPen(QPen(halo, 7.0));
  painter->setBrush(Qt::NoBrush);
  if (ellipse_)
    painter->drawEllipse(box_);
  else
    painter->drawRoundedRect(box_, 6, 6);
}

// A red tag on the lower right corner, over the node's own border: painted last.
void NodeItem::paintSeparatorTag(QPainter* painter) const {
  if (pathMark_ != PathMark::Separator) return;
  // A red tag on the lower right corner: above the box it would cover a segment's title.
  painter->setFont(labelFont(true, 7));
  const QFontMetricsF fm(painter->font());
  const QRectF tag(box_.right() - fm.horizontalAdvance("separator") - 10, box_.bottom() - 3,
                   fm.horizontalAdvance("separator") + 8, fm.height() + 2);
  painter->setPen(Qt::NoPen);
  painter->setBrush(pathColor(pathMark_));
  painter->drawRoundedRect(tag, 4, 4);
  painter->setPen(Qt::white);
  painter->drawText(tag, Qt::AlignCenter, "separator");
}

void NodeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
  const double lod = levelOfDetail(painter, option);
  if (lod < kLodText) {  // far out: a plain filled box is all the eye can use
    if (pathMark_ != PathMark::None) painter->fillRect(box_.adjusted(-5, -5, 5, 5), pathColor(pathMark_));
    painter->fillRect(box_, marked_ ? text_ : fill_.darker(emphasized_ ? 115 : 105));
    return;
  }
  painter->setRenderHint(QPainter::Antialiasing);
  paintPathMark(painter);
  const auto tagOnTop = qScopeGuard([&] { paintSeparatorTag(painter); });
  QPen pen(marked_ ? text_ : pen_, marked_ ? 3.0 : (emphasized_ ? 2.0 : 1.0));
  if (dashed_) pen.setStyle(Qt::DashLine);
  painter->setPen(pen);
  painter->setBrush(fill_);
  if (ellipse_)
    painter->drawEllipse(box_);
  else
    painter->drawRoundedRect(box_, 6, 6);
  if (tile_ && lod < kTitleLod) return;  // GraphScene::drawForeground writes it, readable
  painter->setPen(text_);
  const QRectF inner = box_.adjusted(4, 2, -4, -2);
  if (detail_.isEmpty()) {
    painter->setFont(labelFont(true, 10));
    painter->drawText(inner, Qt::AlignCenter,
                      QFontMetricsF(painter->font()).elidedText(label_, Qt::ElideRight, inner.width()));
    return;
  }
  const QRectF top(inner.left(), inner.top(), inner.width(), inner.height() * 0.55);
  const QRectF bottom(inner.left(), top.bottom(), inner.width(), inner.height() - top.height());
  painter->setFont(labelFont(true, 10));
  painter->drawText(top, Qt::AlignHCenter | Qt::AlignBottom,
                    QFontMetricsF(painter->font()).elidedText(label_, Qt::ElideRight, top.width()));
  painter->setFont(labelFont(false, 8));
  painter->setPen(detailText_);
  painter->drawText(bottom, Qt::AlignHCenter | Qt::AlignTop,
                    QFontMetricsF(painter->font()).elidedText(detail_, Qt::ElideRight, bottom.width()));
}

EdgeItem::EdgeItem(const graph::Edge& edge, const layout::EdgeGeometry& geometry)
    : edge_(edge), label_(QString::fromStdString(edge.label)) {
  for (const auto& piece : geometry.beziers) {
    if (piece.empty()) continue;
    path_.moveTo(piece[0].x, piece[0].y);
    for (std::size_t i = 1; i + 2 < piece.size(); i += 3)
      path_.cubicTo(piece[i].x, piece[i].y, piece[i + 1].x, piece[i + 1].y, piece[i + 2].x, piece[i + 2].y);
  }
  builtAt_ = QPointF(geometry.start().x, geometry.start().y);
  if (geometry.hasArrow && !path_.isEmpty()) {
    // Graphviz ends the spline at the arrow's base; the head points from there to the tip.
    const QPointF tip(geometry.arrowTip.x, geometry.arrowTip.y);
    const QPointF base = path_.currentPosition();
    const QPointF dir = tip - base;
    const double len = std::hypot(dir.x(), dir.y());
    if (len > 0.01) {
      const QPointF n(-dir.y() / len * 3.5, dir.x() / len * 3.5);
      arrow_ << tip << base + n << base - n;
    }
  }
  if (geometry.hasLabel)
    labelPos_ = {geometry.labelPos.x, geometry.labelPos.y};
  else
    label_.clear();  // nowhere to put it
  pen_ = themedPen(edge.highlight != graph::Highlight::None ? color(graph::highlightStyle(edge.highlight).pen)
                                                            : QColor("#868e96"));
  width_ = edge.crossesClusters ? 1.8 : 1.0;
  bounds_ = path_.boundingRect().united(arrow_.boundingRect());
  if (!label_.isEmpty()) {
    // Built once and kept (never destroyed: it must not outlive the font database at exit);
    // one per edge was a third of building a 3k-op scene.
    static const QFontMetricsF* const fm = new QFontMetricsF(labelFont(false, 8));
    // Edge labels are shapes and dtypes, a few hundred distinct among 10k edges: shaping each
    // was most of building an edge. (GUI thread only, like every item.)
    static QHash<QString, double>* const widths = new QHash<QString, double>;
    if (widths->size() > 50000) widths->clear();  // a bound across many files opened
    auto known = widths->constFind(label_);
    if (known == widths->cend()) known = widths->insert(label_, fm->horizontalAdvance(label_));
    const double w = known.value() + 6;
    bounds_ = bounds_.united(QRectF(labelPos_.x() - w / 2, labelPos_.y() - fm->height() / 2 - 1, w, fm->height() + 2));
  }
  bounds_.adjust(-3, -3, 3, 3);
  setZValue(1);
  setToolTip(QString::fromStdString(edge.tooltip));
}

QRectF EdgeItem::boundingRect() const { return bounds_; }

QPainterPath EdgeItem::shape() const {
  QPainterPathStroker stroker;
  stroker.setWidth(6);  // easy to click
  return stroker.createStroke(path_);
}

void EdgeItem::setOnPath(bool on) {
  if (on == onPath_) return;
  onPath_ = on;
  setZValue(on ? 1.5 : 1.0);  // above the other edges, below the nodes
  update();
}

void EdgeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
  // Zoomed far out, thousands of antialiased curves cost more than the rest of the frame and
  // look the same aliased. So does a curve running far off screen: the antialiased stroke is
  // rasterized whole before clipping, and a fusion with thousands of outputs fans thousands
  // of such curves out of one segment (2.4 s of a 3.5 s first picture).
  const double lod = levelOfDetail(painter, option);
  const QRectF onScreen = painter->worldTransform().mapRect(bounds_);
  const bool longCurve = onScreen.width() > kLongEdgePixels || onScreen.height() > kLongEdgePixels;
  painter->setRenderHint(QPainter::Antialiasing, lod >= kLodText && !longCurve);
  const QColor ink = onPath_ ? pathColor(PathMark::Path) : pen_;
  QPen pen(ink, onPath_ ? std::max(3.0, width_ + 1.5) : width_);
  pen.setCosmetic(longCurve);  // drawn as plain lines, at the width it has at 1:1
  painter->setPen(pen);
  painter->setBrush(Qt::NoBrush);
  painter->drawPath(path_);
  if (!arrow_.isEmpty()) {
    painter->setBrush(ink);
    painter->drawPolygon(arrow_);
  }
  if (label_.isEmpty() || lod < kLodText) return;
  painter->setFont(labelFont(false, 8));
  painter->setPen(themedInk(QColor("#495057")));
  const QFontMetricsF fm(painter->font());
  const QRectF r(labelPos_.x() - fm.horizontalAdvance(label_) / 2 - 2, labelPos_.y() - fm.height() / 2,
                 fm.horizontalAdvance(label_) + 4, fm.height());
  painter->drawText(r, Qt::AlignCenter, label_);
}

}  // namespace segscope::ui
