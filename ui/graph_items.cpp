// Painting the graph: rounded boxes with a bold label and a detail line, cluster frames with
// their title, splines with arrowheads; below ~40% zoom, node text is skipped (level of detail).
#include "ui/graph_items.h"

#include "ui/appearance.h"

#include <QFontMetricsF>
#include <QHash>
#include <QPainter>
#include <QScopeGuard>
#include <QStaticText>
#include <QStyleOptionGraphicsItem>
#include <algorithm>
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

// Geometry is in points (as Graphviz measured the text); the fonts use the same units. Made
// once per kind: a QFont and its metrics built on every paint showed in a 10k-op step.
struct LabelFont {
  QFont font;
  QFontMetricsF metrics;
};

const LabelFont& labelFont(bool bold, int size) {
  // Never destroyed: fonts must not outlive the font database at exit. (GUI thread only.)
  static auto* const fonts = new QHash<int, LabelFont*>;
  LabelFont*& made = (*fonts)[size * 2 + (bold ? 1 : 0)];
  if (!made) {
    QFont f("DejaVu Sans");
    f.setStyleHint(QFont::SansSerif);
    f.setPixelSize(size);
    f.setBold(bold);
    made = new LabelFont{f, QFontMetricsF(f)};
  }
  return *made;
}

// Text shaped once. Shaping edge labels on every paint was a third of a 10k-op step; a
// QStaticText keeps its glyphs and, under zoom and translation alike, draws them as they are.
QStaticText shapedText(const QString& text, const QFont& font) {
  QStaticText shaped(text);
  shaped.setTextFormat(Qt::PlainText);
  shaped.prepare(QTransform(), font);
  return shaped;
}

// Edge labels are shapes and dtypes, a few hundred distinct among 10k edges: one shaped text
// each, shared (implicitly) by every edge that shows it.
const QStaticText& edgeLabelText(const QString& label) {
  static auto* const texts = new QHash<QString, QStaticText>;
  if (texts->size() > 50000) texts->clear();  // a bound across many files opened
  auto known = texts->constFind(label);
  if (known == texts->cend()) known = texts->insert(label, shapedText(label, labelFont(false, 8).font));
  return known.value();
}

// Draws `text` (shaped in `font`) centred on `x`, its line's top at `top`.
void drawCentred(QPainter* painter, const QStaticText& text, const LabelFont& font, double x, double top) {
  painter->setFont(font.font);
  painter->drawStaticText(QPointF(x - text.size().width() / 2, top), text);
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
  const LabelFont& font = labelFont(true, 10);
  if (title_.text().isEmpty() && !label_.isEmpty())
    title_ = shapedText(font.metrics.elidedText(label_, Qt::ElideRight, box_.width() - 16), font.font);
  painter->setFont(font.font);
  painter->setPen(titleColor_);
  // Left-aligned in a 16 pt band at the frame's top.
  painter->drawStaticText(QPointF(box_.left() + 8, box_.top() + 3 + (16 - font.metrics.height()) / 2), title_);
}

NodeItem::NodeItem(const graph::Node& node, const layout::NodeGeometry& geometry)
    : id_(node.id),
      box_(toQt(geometry.box())),
      label_(QString::fromStdString(node.label)),
      detail_(QString::fromStdString(node.detail)),
      ellipse_(node.kind == graph::NodeKind::Input),
      dashed_(node.kind == graph::NodeKind::Tensor),
      hexagon_(node.kind == graph::NodeKind::Collective),
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
  drawOutline(painter);
}

// The node's outline in the current pen and brush: an ellipse for inputs, a hexagon for
// collectives, a rounded box for the rest.
void NodeItem::drawOutline(QPainter* painter) const {
  if (ellipse_) {
    painter->drawEllipse(box_);
  } else if (hexagon_) {
    const double inset = std::min(12.0, box_.width() / 4);
    const double midY = box_.center().y();
    painter->drawPolygon(
        QPolygonF({QPointF(box_.left(), midY), QPointF(box_.left() + inset, box_.top()),
                   QPointF(box_.right() - inset, box_.top()), QPointF(box_.right(), midY),
                   QPointF(box_.right() - inset, box_.bottom()), QPointF(box_.left() + inset, box_.bottom())}));
  } else {
    painter->drawRoundedRect(box_, 6, 6);
  }
}

// A red tag on the lower right corner, over the node's own border: painted last.
void NodeItem::paintSeparatorTag(QPainter* painter) const {
  if (pathMark_ != PathMark::Separator) return;
  // A red tag on the lower right corner: above the box it would cover a segment's title.
  painter->setFont(labelFont(true, 7).font);
  const QFontMetricsF& fm = labelFont(true, 7).metrics;
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
  drawOutline(painter);
  if (tile_ && lod < kTitleLod) return;  // GraphScene::drawForeground writes it, readable
  painter->setPen(text_);
  const QRectF inner = box_.adjusted(4, 2, -4, -2);
  const LabelFont& bold = labelFont(true, 10);
  const LabelFont& small = labelFont(false, 8);
  if (shapedLabel_.text().isEmpty() && !label_.isEmpty()) {  // shaped once, at the first paint
    shapedLabel_ = shapedText(bold.metrics.elidedText(label_, Qt::ElideRight, inner.width()), bold.font);
    if (!detail_.isEmpty())
      shapedDetail_ = shapedText(small.metrics.elidedText(detail_, Qt::ElideRight, inner.width()), small.font);
  }
  if (detail_.isEmpty()) {
    drawCentred(painter, shapedLabel_, bold, inner.center().x(), inner.center().y() - bold.metrics.height() / 2);
    return;
  }
  // The label sits on the line at 55 % of the box, the detail hangs below it.
  const double line = inner.top() + inner.height() * 0.55;
  drawCentred(painter, shapedLabel_, bold, inner.center().x(), line - bold.metrics.height());
  painter->setPen(detailText_);
  drawCentred(painter, shapedDetail_, small, inner.center().x(), line);
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
  labelInk_ = themedInk(QColor("#495057"));
  bounds_ = path_.boundingRect().united(arrow_.boundingRect());
  if (!label_.isEmpty()) {
    // One metrics object for every edge: one per edge was a third of building a 3k-op scene.
    const QFontMetricsF* const fm = &labelFont(false, 8).metrics;
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
  setFlag(ItemUsesExtendedStyleOption);  // paint() reads the exposed rect
}

QRectF EdgeItem::boundingRect() const { return bounds_; }

namespace {

QRectF hullOf(QPointF a, QPointF b, QPointF c, QPointF d) {
  const auto [minX, maxX] = std::minmax({a.x(), b.x(), c.x(), d.x()});
  const auto [minY, maxY] = std::minmax({a.y(), b.y(), c.y(), d.y()});
  return QRectF(QPointF(minX, minY), QPointF(maxX, maxY));
}

// Whether two rectangles overlap or touch; a straight curve's hull has no width, and
// QRectF::intersects wants an overlap with an area.
bool touches(const QRectF& a, const QRectF& b) {
  return a.left() <= b.right() && b.left() <= a.right() && a.top() <= b.bottom() && b.top() <= a.bottom();
}

// Adds to `out` the parts of the cubic a..d that meet `area`, halving it (de Casteljau) until
// each part is no bigger than the area; a cubic lies inside the hull of its control points.
void addCubicIn(QPainterPath& out, QPointF a, QPointF b, QPointF c, QPointF d, const QRectF& area, int depth) {
  const QRectF hull = hullOf(a, b, c, d);
  if (!touches(hull, area)) return;
  if (depth == 0 || (hull.width() <= area.width() && hull.height() <= area.height())) {
    out.moveTo(a);
    out.cubicTo(b, c, d);
    return;
  }
  const QPointF ab = (a + b) / 2, bc = (b + c) / 2, cd = (c + d) / 2;
  const QPointF abc = (ab + bc) / 2, bcd = (bc + cd) / 2, middle = (abc + bcd) / 2;
  addCubicIn(out, a, ab, abc, middle, area, depth - 1);
  addCubicIn(out, middle, bcd, cd, d, area, depth - 1);
}

}  // namespace

QPainterPath curvePiecesIn(const QPainterPath& path, const QRectF& area) {
  QPainterPath pieces;
  QPointF from;
  for (int i = 0; i < path.elementCount(); ++i) {
    const QPainterPath::Element& e = path.elementAt(i);
    if (e.isMoveTo()) {
      from = e;
    } else if (e.isCurveTo() && i + 2 < path.elementCount()) {
      const QPointF to = path.elementAt(i + 2);
      addCubicIn(pieces, from, e, path.elementAt(i + 1), to, area, 24);
      from = to;
      i += 2;
    } else {  // a line
      if (touches(QRectF(from, QPointF(e)).normalized(), area)) {
        pieces.moveTo(from);
        pieces.lineTo(e);
      }
      from = e;
    }
  }
  return pieces;
}

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
  // A long curve is a plain 1 px line at any zoom (a path's stays thick): Qt's fast stroker
  // takes cosmetic pens of 1 px only, and a 10k-op transformer crosses the screen with ~900.
  pen.setCosmetic(longCurve);
  if (longCurve && !onPath_) pen.setWidthF(1.0);
  painter->setPen(pen);
  painter->setBrush(Qt::NoBrush);
  // Of a curve far longer than the screen, only the pieces on screen: a 10k-op transformer's
  // residual edges run the whole drawing, and Qt flattens a curve whole before clipping it.
  const double margin = 4 / lod;
  painter->drawPath(longCurve ? curvePiecesIn(path_, option->exposedRect.adjusted(-margin, -margin, margin, margin))
                              : path_);
  if (!arrow_.isEmpty()) {
    painter->setBrush(ink);
    painter->drawPolygon(arrow_);
  }
  if (label_.isEmpty() || lod < kLodText) return;
  const LabelFont& font = labelFont(false, 8);
  painter->setPen(labelInk_);
  drawCentred(painter, edgeLabelText(label_), font, labelPos_.x(), labelPos_.y() - font.metrics.height() / 2);
}

}  // namespace segscope::ui
