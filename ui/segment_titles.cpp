// Placing and painting segment titles at low zoom (GraphScene::drawForeground).
#include "ui/segment_titles.h"

#include <QFontMetricsF>
#include <QHash>
#include <QPainter>
#include <algorithm>
#include <cmath>

#include "ui/appearance.h"
#include "ui/graph_items.h"

namespace segscope::ui {
namespace {

QFont titleFont(double pixels) {
  QFont f("DejaVu Sans");
  f.setBold(true);
  f.setPixelSize(std::max(1, static_cast<int>(std::lround(pixels))));
  return f;
}

struct Framed {
  QRectF box;
  QString label, shortLabel;
  bool dimmed = false;
  QColor paper;
  bool tile = false;  // an overview tile: its title goes inside or not at all (tiles are packed)
  QColor ink;         // a tile's title takes its scheduler's hue: the colour says the scheduler
};

class Placer {
 public:
  Placer(double zoom, std::vector<QRectF> obstacles)
      : pixels_(kMinTitlePixels / zoom),
        inset_(4 / zoom),
        metrics_(titleFont(pixels_)),
        smallMetrics_(titleFont(pixels_ * kSmallTile)),
        obstacles_(std::move(obstacles)) {}

  void place(const Framed& f, std::vector<SegmentTitle>& out) {
    SegmentTitle t;
    t.pixels = pixels_;
    t.ink = f.ink.isValid() && !f.dimmed ? f.ink : themedInk(QColor(f.dimmed ? "#adb5bd" : "#212529"));
    t.paper = themedFill(f.paper);
    t.paper.setAlpha(235);
    const QPointF inside = f.box.topLeft() + QPointF(inset_, inset_);
    const double room = f.box.width() - 2 * inset_ - pixels_ * 0.6;
    if (f.tile) {  // the whole title, else the number (smaller if need be): a tile says which segment it is
      // Thousands of tiles mid-segmentation: a tile too low for either font is skipped unmeasured.
      if (smallMetrics_.height() > f.box.height() + inset_) return;
      for (const QString& text : {f.label, f.shortLabel})
        if (metrics_.height() <= f.box.height() && advance(metrics_, text, widths_) <= room) {
          t.text = text;
          t.box = pill(text, QPointF(inside.x(), f.box.center().y() - metrics_.height() * 0.55));
          return out.push_back(t);
        }
      if (const double w = advance(smallMetrics_, f.shortLabel, smallWidths_); w <= f.box.width() - inset_) {
        t.text = f.shortLabel;
        t.pixels = pixels_ * kSmallTile;
        t.box = QRectF(QPointF(f.box.left() + inset_ / 2, f.box.center().y() - smallMetrics_.height() * 0.55),
                       QSizeF(w + t.pixels * 0.4, smallMetrics_.height() * 1.1));
        out.push_back(t);
      }
      return;
    }
    // Inside when the title, or at least its first words, fit.
    if (const QString elided = metrics_.elidedText(f.label, Qt::ElideRight, room);
        elided.size() >= std::min<qsizetype>(f.label.size(), 16)) {
      t.text = elided;
      t.box = pill(elided, inside);
      return out.push_back(t);
    }
    // Beside the frame: the first clear spot down its right side, then down its left.
    const double width = pill(f.label, {}).width();
    for (const double x : {f.box.right() + inset_, f.box.left() - inset_ - width})
      for (const double down : {0.0, 0.25, 0.5, 0.75}) {
        const QRectF beside = pill(f.label, QPointF(x, f.box.top() + down * f.box.height()));
        if (down > 0 && beside.bottom() > f.box.bottom()) break;
        if (!clear(beside, f.box)) continue;
        obstacles_.push_back(beside);  // a later title keeps off this one
        t.text = f.label;
        t.box = beside;
        t.inside = false;
        return out.push_back(t);
      }
    if (metrics_.horizontalAdvance(f.shortLabel) <= room) {
      t.text = f.shortLabel;
      t.box = pill(f.shortLabel, inside);
      out.push_back(t);
    }
  }

 private:
  QRectF pill(const QString& text, QPointF topLeft) const {
    return {topLeft, QSizeF(metrics_.horizontalAdvance(text) + pixels_ * 0.6, metrics_.height() * 1.1)};
  }
  bool clear(const QRectF& r, const QRectF& own) const {
    return std::none_of(obstacles_.begin(), obstacles_.end(),
                        [&](const QRectF& o) { return o != own && o.intersects(r); });
  }

  // A tile title's width without shaping it each time: "123 · inner pers" is its number (digits
  // are all as wide in the title font) and a suffix shared by every tile of that scheduler.
  static double advance(const QFontMetricsF& metrics, const QString& text, QHash<QString, double>& cache) {
    qsizetype digits = 0;
    while (digits < text.size() && text[digits].isDigit()) ++digits;
    const QString rest = text.mid(digits);
    auto it = cache.find(rest);
    if (it == cache.end()) it = cache.insert(rest, rest.isEmpty() ? 0.0 : metrics.horizontalAdvance(rest));
    auto digit = cache.find(QStringLiteral("\u0001digit"));
    if (digit == cache.end()) digit = cache.insert(QStringLiteral("\u0001digit"), metrics.horizontalAdvance(QChar('0')));
    return double(digits) * digit.value() + it.value();
  }

  static constexpr double kSmallTile = 0.8;  // a compact tile's number: 9 px instead of 11
  QHash<QString, double> widths_, smallWidths_;
  double pixels_, inset_;
  QFontMetricsF metrics_, smallMetrics_;
  std::vector<QRectF> obstacles_;
};

}  // namespace

std::vector<SegmentTitle> placeSegmentTitles(const TitleLayout& scene, double zoom) {
  std::vector<Framed> framed;
  for (const graph::Cluster& c : scene.graph.clusters)
    if (const layout::ClusterGeometry* g = scene.clusterShape(c.id))
      framed.push_back({QRectF(g->box.x, g->box.y, g->box.width, g->box.height), QString::fromStdString(c.label),
                        QString::number(c.group), c.dimmed,
                        QColor(QString::fromStdString(c.fillColor.empty() ? "#f8f9fa" : c.fillColor)), false,
                        QColor()});
  // A segment node writes its own name until node text is dropped (below kLodText); an overview
  // tile until its text would be too small to read (below kTitleLod).
  for (const graph::Node& n : scene.graph.nodes) {
    if (n.kind != graph::NodeKind::Segment) continue;
    const bool tile = n.cssClass.find(" tile") != std::string::npos;
    if (zoom >= (tile ? kTitleLod : kLodText)) continue;
    const graph::HighlightStyle colors = graph::nodeColors(n);
    if (const QRectF box = scene.nodeBox(n.id); !box.isNull())
      framed.push_back({box, QString::fromStdString(n.label),
                        n.segment >= 0 ? QString::number(n.segment) : QString::fromStdString(n.label), n.dimmed,
                        tile ? QColor(QString::fromStdString(colors.fill)) : QColor(Qt::white), tile,
                        tile ? themedInk(QColor(QString::fromStdString(colors.pen)).darker(130)) : QColor()});
  }
  // A title beside its frame keeps off frames, nodes and the titles placed before it.
  std::vector<QRectF> obstacles;
  obstacles.reserve(framed.size() * 2 + scene.graph.nodes.size());
  for (const Framed& f : framed) obstacles.push_back(f.box);
  for (const graph::Node& n : scene.graph.nodes)
    if (n.kind != graph::NodeKind::Segment)
      if (const QRectF box = scene.nodeBox(n.id); !box.isNull()) obstacles.push_back(box);
  Placer placer(zoom, std::move(obstacles));
  std::vector<SegmentTitle> titles;
  for (const Framed& f : framed) placer.place(f, titles);
  return titles;
}

void paintSegmentTitles(QPainter* painter, const std::vector<SegmentTitle>& titles, const QRectF& exposed) {
  painter->save();
  painter->setRenderHint(QPainter::Antialiasing);
  painter->setRenderHint(QPainter::TextAntialiasing);
  for (const SegmentTitle& t : titles) {
    if (!t.box.intersects(exposed)) continue;
    painter->setPen(Qt::NoPen);
    painter->setBrush(t.paper);
    painter->drawRoundedRect(t.box, t.pixels * 0.3, t.pixels * 0.3);
    painter->setFont(titleFont(t.pixels));
    painter->setPen(t.ink);
    painter->drawText(t.box, Qt::AlignCenter, t.text);
  }
  painter->restore();
}

}  // namespace segscope::ui
