// Turning a region analysis into hulls over the laid-out graph, and painting them.
#include "ui/region_overlay.h"

#include <QFontMetricsF>
#include <QLocale>
#include <QPainter>
#include <QPainterPathStroker>
#include <QStyleOptionGraphicsItem>
#include <algorithm>
#include <array>
#include <set>

#include "support/text.h"

namespace segscope::ui {
namespace {

constexpr double kPadding = 9.0;  // hull distance from the member boxes
constexpr double kCorner = 14.0;  // rounding of the hull's corners (stroke width)
constexpr double kLabelHeight = 17.0;

QString bytesText(std::int64_t bytes) { return QString::fromStdString(support::bytesText(bytes)); }
QString durationText(double ms) { return QString::fromStdString(support::durationText(ms, "µs")); }

QString valNames(const std::vector<const ir::Val*>& vals) {
  QStringList names;
  for (const ir::Val* v : vals) names << QString::fromStdString(v->name());
  return names.isEmpty() ? QStringLiteral("-") : names.join(QStringLiteral(", "));
}

double cross(const QPointF& o, const QPointF& a, const QPointF& b) {
  return (a.x() - o.x()) * (b.y() - o.y()) - (a.y() - o.y()) * (b.x() - o.x());
}

void addCorners(const QRectF& r, std::vector<QPointF>& points) {
  const QRectF p = r.adjusted(-kPadding, -kPadding, kPadding, kPadding);
  points.insert(points.end(), {p.topLeft(), p.topRight(), p.bottomLeft(), p.bottomRight()});
}

// Node boxes of the region's members: op nodes by expr id, else (collapsed view) the segment
// nodes of the groups that hold them.
std::vector<QRectF> memberBoxes(const regions::Region& region, const graph::GraphModel& model,
                                const layout::Geometry& geometry, const trace::Partition* partition) {
  std::set<int> exprs;
  for (const ir::Expr* e : region.members) exprs.insert(e->id());
  std::vector<QRectF> boxes;
  for (const graph::Node& n : model.nodes)
    if (n.kind == graph::NodeKind::Op && exprs.count(n.exprId))
      if (const layout::NodeGeometry* g = geometry.node(n.id)) {
        const layout::Rect b = g->box();
        boxes.emplace_back(b.x, b.y, b.width, b.height);
      }
  if (!boxes.empty() || !partition) return boxes;
  const std::vector<int>& groupOf = partition->groupOfExpr();
  std::set<int> groups;
  for (int id : exprs)
    if (id >= 0 && static_cast<std::size_t>(id) < groupOf.size() && groupOf[static_cast<std::size_t>(id)] >= 0)
      groups.insert(groupOf[static_cast<std::size_t>(id)]);
  for (const graph::Node& n : model.nodes)
    if (n.kind == graph::NodeKind::Segment && groups.count(n.segment))
      if (const layout::NodeGeometry* g = geometry.node(n.id)) {
        const layout::Rect b = g->box();
        boxes.emplace_back(b.x, b.y, b.width, b.height);
      }
  return boxes;
}

QString tooltipOf(const regions::Region& r, const regions::RegionAnalysis& a) {
  QStringList ops;
  for (const ir::Expr* e : r.members) {
    const auto outs = e->outputs();
    ops << (outs.empty() ? QString::fromStdString(std::string(e->opName()))
                         : QString::fromStdString(outs.front()->name() + " = " + std::string(e->opName())));
  }
  return QStringLiteral("Region R%1 — %2 fusible ops\n%3\nreads: %4\nwrites: %5\nDRAM traffic %6 → %7 at %8's %9 GB/s")
      .arg(r.id)
      .arg(r.members.size())
      .arg(ops.join(QStringLiteral(", ")))
      .arg(valNames(r.inputs), valNames(r.outputs), bytesText(r.bytes), durationText(r.costMs),
           QString::fromStdString(a.profile))
      .arg(a.dramBandwidthGBps, 0, 'f', 0);
}

QFont labelFont() {
  QFont f("DejaVu Sans");
  f.setStyleHint(QFont::SansSerif);
  f.setPixelSize(11);
  f.setBold(true);
  return f;
}

QColor regionColor(int region) {
  static const std::array<const char*, 8> palette = {"#e8590c", "#1c7ed6", "#2f9e44", "#ae3ec9",
                                                     "#f08c00", "#0c8599", "#c2255c", "#5c940d"};
  return QColor(palette[static_cast<std::size_t>(region) % palette.size()]);
}

}  // namespace

QPolygonF convexHull(std::vector<QPointF> points) {
  std::sort(points.begin(), points.end(),
            [](const QPointF& a, const QPointF& b) { return a.x() < b.x() || (a.x() == b.x() && a.y() < b.y()); });
  points.erase(std::unique(points.begin(), points.end()), points.end());
  if (points.size() < 3) return QPolygonF(QList<QPointF>(points.begin(), points.end()));
  // Andrew's monotone chain: lower then upper hull.
  std::vector<QPointF> hull(2 * points.size());
  std::size_t k = 0;
  for (const QPointF& p : points) {
    while (k >= 2 && cross(hull[k - 2], hull[k - 1], p) <= 0) --k;
    hull[k++] = p;
  }
  for (std::size_t i = points.size() - 1, lower = k + 1; i-- > 0;) {
    while (k >= lower && cross(hull[k - 2], hull[k - 1], points[i]) <= 0) --k;
    hull[k++] = points[i];
  }
  hull.resize(k - 1);
  return QPolygonF(QList<QPointF>(hull.begin(), hull.end()));
}

std::vector<RegionShape> regionShapes(const regions::RegionAnalysis& analysis, const graph::GraphModel& model,
                                      const layout::Geometry& geometry, const trace::Partition* partition) {
  std::vector<RegionShape> shapes;
  for (const regions::Region& r : analysis.regions) {
    const std::vector<QRectF> boxes = memberBoxes(r, model, geometry, partition);
    if (boxes.empty()) continue;
    std::vector<QPointF> corners;
    for (const QRectF& b : boxes) addCorners(b, corners);
    RegionShape s;
    s.region = r.id;
    s.hull = convexHull(std::move(corners));
    s.label = QStringLiteral("R%1 · %2 · %3").arg(r.id).arg(bytesText(r.bytes), durationText(r.costMs));
    s.tooltip = tooltipOf(r, analysis);
    s.drawnMembers = static_cast<int>(boxes.size());
    shapes.push_back(std::move(s));
  }
  return shapes;
}

namespace {

QString fxNames(const fx::Graph& g, const std::vector<int>& nodes) {
  QStringList names;
  for (int n : nodes) names << QString::fromStdString(g.nodes[static_cast<std::size_t>(n)].name);
  return names.isEmpty() ? QStringLiteral("-") : names.join(QStringLiteral(", "));
}

}  // namespace

std::vector<RegionShape> fxRegionShapes(const regions::FxRegionAnalysis& a, const layout::Geometry& geometry) {
  std::vector<RegionShape> shapes;
  for (const regions::FxRegion& r : a.regions) {
    std::vector<QPointF> corners;
    int drawn = 0;
    for (int m : r.members)
      if (const layout::NodeGeometry* g = geometry.node("n" + std::to_string(m))) {
        const layout::Rect b = g->box();
        addCorners(QRectF(b.x, b.y, b.width, b.height), corners);
        ++drawn;
      }
    if (drawn == 0) continue;
    RegionShape s;
    s.region = r.id;
    s.hull = convexHull(std::move(corners));
    const QString bytes = (r.sized ? QString() : QStringLiteral("≥ ")) + bytesText(r.bytes);
    s.label = QStringLiteral("R%1 · %2 · %3").arg(r.id).arg(bytes, durationText(r.costMs));
    s.tooltip =
        QStringLiteral(
            "Region R%1 — %2 nodes (%3 rules)\n%4\nreads: %5\nwrites: %6\nDRAM traffic %7 → %8 at %9's %10 GB/s")
            .arg(r.id)
            .arg(r.members.size())
            .arg(QString::fromUtf8(regions::fxRuleSetName(a.rules).data()))
            .arg(fxNames(*a.graph, r.members), fxNames(*a.graph, r.inputs), fxNames(*a.graph, r.outputs), bytes,
                 durationText(r.costMs), QString::fromStdString(a.profile))
            .arg(a.dramBandwidthGBps, 0, 'f', 0);
    s.drawnMembers = drawn;
    shapes.push_back(std::move(s));
  }
  return shapes;
}

QString regionSummary(const regions::FxRegionAnalysis& a) {
  if (a.regions.empty()) return QStringLiteral("no fusion region of two or more nodes");
  return QStringLiteral("%1 region%2 · %3 · %4 at %5's %6 GB/s")
      .arg(a.regions.size())
      .arg(a.regions.size() == 1 ? "" : "s")
      .arg(bytesText(a.totalBytes), durationText(a.totalCostMs), QString::fromStdString(a.profile))
      .arg(a.dramBandwidthGBps, 0, 'f', 0);
}

QString regionSummary(const regions::RegionAnalysis& a) {
  if (a.regions.empty()) return QStringLiteral("no fusible region of two or more ops");
  return QStringLiteral("%1 region%2 · %3 · %4 at %5's %6 GB/s")
      .arg(a.regions.size())
      .arg(a.regions.size() == 1 ? "" : "s")
      .arg(bytesText(a.totalBytes), durationText(a.totalCostMs), QString::fromStdString(a.profile))
      .arg(a.dramBandwidthGBps, 0, 'f', 0);
}

RegionItem::RegionItem(const RegionShape& shape)
    : region_(shape.region), hull_(shape.hull), label_(shape.label), color_(regionColor(shape.region)) {
  // The hull grown by a round-joined stroke: rounded corners, computed once (paint is hot).
  QPainterPath polygon;
  polygon.addPolygon(hull_);
  polygon.closeSubpath();
  QPainterPathStroker stroker;
  stroker.setWidth(kCorner);
  stroker.setJoinStyle(Qt::RoundJoin);
  rounded_ = stroker.createStroke(polygon).united(polygon);
  setZValue(0.5);
  tooltip_ = shape.tooltip;
  setToolTip(shape.tooltip);
  setAcceptedMouseButtons(Qt::NoButton);
}

QRectF RegionItem::boundingRect() const { return rounded_.boundingRect().adjusted(-1, -1, 1, 1); }

QPainterPath RegionItem::shape() const { return rounded_; }

void RegionItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
  painter->setRenderHint(QPainter::Antialiasing);
  QColor fill = color_;
  fill.setAlpha(28);
  QColor edge = color_;
  edge.setAlpha(210);
  painter->setBrush(fill);
  painter->setPen(QPen(edge, 1.4, Qt::DashLine));
  painter->drawPath(rounded_);
}

// Its own item so it stacks above nodes and edges while the hull stays below them.
class RegionLabelItem : public QGraphicsItem {
 public:
  RegionLabelItem(const QString& text, const QColor& color, const QRectF& hullBounds, const QString& tooltip)
      : text_(text), color_(color) {
    const double width = QFontMetricsF(labelFont()).horizontalAdvance(text) + 14;
    // Bottom left, on the outline: cluster titles fill the top band and Graphviz puts edge
    // labels to the right of their edges.
    rect_ = {hullBounds.left() + kCorner / 2, hullBounds.bottom() - kLabelHeight / 2, width, kLabelHeight};
    setZValue(3);
    setToolTip(tooltip);
    setAcceptedMouseButtons(Qt::NoButton);
  }
  QRectF boundingRect() const override { return rect_.adjusted(-1, -1, 1, 1); }
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) override {
    if (option->levelOfDetailFromTransform(painter->worldTransform()) < 0.3) return;
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(Qt::NoPen);
    painter->setBrush(color_);
    painter->drawRoundedRect(rect_, kLabelHeight / 2, kLabelHeight / 2);
    painter->setFont(labelFont());
    painter->setPen(Qt::white);
    painter->drawText(rect_, Qt::AlignCenter, text_);
  }

 private:
  QString text_;
  QColor color_;
  QRectF rect_;
};

QGraphicsItem* RegionItem::makeLabel() const {
  QColor pill = color_;
  pill.setAlpha(225);
  return new RegionLabelItem(label_, pill, rounded_.boundingRect(), tooltip_);
}

}  // namespace segscope::ui
