// Placing and painting segment titles at low zoom (GraphScene::drawForeground).
#include "ui/segment_titles.h"

#include <QFontMetricsF>
#include <QHash>
#include <QPainter>
#include <algorithm>
#include <cmath>
#include <unordered_map>

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

// The rectangles a title must keep off, bucketed on a grid: a 10k-op picture has ~10k node boxes
// and thousands of frames, and asking each of them about each spot a title may take was 40 % of a
// step. A rectangle spanning many cells (a big segment's frame) is kept aside and asked always.
class Obstacles {
 public:
  explicit Obstacles(std::vector<QRectF> rects) {
    std::vector<double> sides;
    sides.reserve(rects.size());
    for (const QRectF& r : rects) sides.push_back(std::max(r.width(), r.height()));
    if (!sides.empty()) {
      std::nth_element(sides.begin(), sides.begin() + sides.size() / 2, sides.end());
      cell_ = std::max(1.0, 2 * sides[sides.size() / 2]);
    }
    for (const QRectF& r : rects) add(r);
  }

  void add(const QRectF& r) {
    const Span s = span(r);
    const int index = static_cast<int>(rects_.size());
    rects_.push_back(r);
    seen_.push_back(0);
    if (static_cast<long long>(s.x1 - s.x0 + 1) * (s.y1 - s.y0 + 1) > kMaxCells) return wide_.push_back(index);
    for (int x = s.x0; x <= s.x1; ++x)
      for (int y = s.y0; y <= s.y1; ++y) cells_[key(x, y)].push_back(index);
  }

  /// Whether `r` touches none of the rectangles but `own`.
  bool clear(const QRectF& r, const QRectF& own) const {
    const auto hits = [&](int i) { return rects_[i] != own && rects_[i].intersects(r); };
    if (std::any_of(wide_.begin(), wide_.end(), hits)) return false;
    ++stamp_;
    const Span s = span(r);
    for (int x = s.x0; x <= s.x1; ++x)
      for (int y = s.y0; y <= s.y1; ++y) {
        const auto it = cells_.find(key(x, y));
        if (it == cells_.end()) continue;
        for (const int i : it->second) {
          if (seen_[i] == stamp_) continue;  // a rectangle over several cells is asked once
          seen_[i] = stamp_;
          if (hits(i)) return false;
        }
      }
    return true;
  }

 private:
  struct Span {
    int x0, y0, x1, y1;
  };
  static constexpr long long kMaxCells = 64;
  Span span(const QRectF& r) const {
    const auto at = [&](double v) { return static_cast<int>(std::clamp(std::floor(v / cell_), -1e9, 1e9)); };
    return {at(r.left()), at(r.top()), at(r.right()), at(r.bottom())};
  }
  static long long key(int x, int y) { return (static_cast<long long>(x) << 32) ^ static_cast<unsigned>(y); }

  double cell_ = 100;
  std::vector<QRectF> rects_;
  std::vector<int> wide_;
  std::unordered_map<long long, std::vector<int>> cells_;
  mutable std::vector<unsigned> seen_;
  mutable unsigned stamp_ = 0;
};

class Placer {
 public:
  Placer(double zoom, std::vector<QRectF> obstacles, TitleWidths* widths)
      : widthsKept_(widths),
        pixels_(kMinTitlePixels / zoom),
        inset_(4 / zoom),
        metrics_(titleFont(pixels_)),
        smallMetrics_(titleFont(pixels_ * kSmallTile)),
        obstacles_(std::move(obstacles)) {
    if (widthsKept_ && (widthsKept_->pixels != pixels_ || widthsKept_->of.size() > 100000)) {
      widthsKept_->of.clear();
      widthsKept_->elided.clear();
      widthsKept_->pixels = pixels_;
    }
  }

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
          t.box = pill(advance(metrics_, text, widths_),
                       QPointF(inside.x(), f.box.center().y() - metrics_.height() * 0.55));
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
    // Inside when the title, or at least its first words, fit. (The label is shaped once: a
    // 10k-op step places thousands of titles and each spot tried below needs its width.)
    const double full = labelWidth(f.label);
    if (full <= room) {
      t.text = f.label;
      t.box = pill(full, inside);
      return out.push_back(t);
    }
    if (const QString elided = elidedTo(f.label, room); elided.size() >= std::min<qsizetype>(f.label.size(), 16)) {
      t.text = elided;
      t.box = pill(metrics_.horizontalAdvance(elided), inside);
      return out.push_back(t);
    }
    // Beside the frame: the first clear spot down its right side, then down its left.
    const double width = pill(full, {}).width();
    for (const double x : {f.box.right() + inset_, f.box.left() - inset_ - width})
      for (const double down : {0.0, 0.25, 0.5, 0.75}) {
        const QRectF beside = pill(full, QPointF(x, f.box.top() + down * f.box.height()));
        if (down > 0 && beside.bottom() > f.box.bottom()) break;
        if (!obstacles_.clear(beside, f.box)) continue;
        obstacles_.add(beside);  // a later title keeps off this one
        t.text = f.label;
        t.box = beside;
        t.inside = false;
        return out.push_back(t);
      }
    if (const double w = metrics_.horizontalAdvance(f.shortLabel); w <= room) {
      t.text = f.shortLabel;
      t.box = pill(w, inside);
      out.push_back(t);
    }
  }

 private:
  double labelWidth(const QString& label) const {
    if (!widthsKept_) return metrics_.horizontalAdvance(label);
    auto it = widthsKept_->of.constFind(label);
    if (it == widthsKept_->of.cend()) it = widthsKept_->of.insert(label, metrics_.horizontalAdvance(label));
    return it.value();
  }
  QString elidedTo(const QString& label, double room) const {
    if (!widthsKept_) return metrics_.elidedText(label, Qt::ElideRight, room);
    auto it = widthsKept_->elided.find(label);
    if (it == widthsKept_->elided.end() || it->first != room)
      it = widthsKept_->elided.insert(label, {room, metrics_.elidedText(label, Qt::ElideRight, room)});
    return it->second;
  }
  QRectF pill(double textWidth, QPointF topLeft) const {
    return {topLeft, QSizeF(textWidth + pixels_ * 0.6, metrics_.height() * 1.1)};
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
    if (digit == cache.end())
      digit = cache.insert(QStringLiteral("\u0001digit"), metrics.horizontalAdvance(QChar('0')));
    return double(digits) * digit.value() + it.value();
  }

  static constexpr double kSmallTile = 0.8;  // a compact tile's number: 9 px instead of 11
  TitleWidths* widthsKept_;
  QHash<QString, double> widths_, smallWidths_;
  double pixels_, inset_;
  QFontMetricsF metrics_, smallMetrics_;
  Obstacles obstacles_;
};

}  // namespace

std::vector<SegmentTitle> placeSegmentTitles(const TitleLayout& scene, double zoom, TitleWidths* widths,
                                             const QRectF& area) {
  const auto within = [&](const QRectF& box, const QRectF& region) {
    return region.isNull() || box.intersects(region);
  };
  std::vector<Framed> framed;
  for (const graph::Cluster& c : scene.graph.clusters)
    if (const layout::ClusterGeometry* g = scene.clusterShape(c.id))
      if (const QRectF box(g->box.x, g->box.y, g->box.width, g->box.height); within(box, area))
        framed.push_back({box, QString::fromStdString(c.label), QString::number(c.group), c.dimmed,
                          QColor(QString::fromStdString(c.fillColor.empty() ? "#f8f9fa" : c.fillColor)), false,
                          QColor()});
  // A segment node writes its own name until node text is dropped (below kLodText); an overview
  // tile until its text would be too small to read (below kTitleLod).
  for (const graph::Node& n : scene.graph.nodes) {
    if (n.kind != graph::NodeKind::Segment) continue;
    const bool tile = n.cssClass.find(" tile") != std::string::npos;
    if (zoom >= (tile ? kTitleLod : kLodText)) continue;
    const graph::HighlightStyle colors = graph::nodeColors(n);
    if (const QRectF box = scene.nodeBox(n.id); !box.isNull() && within(box, area))
      framed.push_back({box, QString::fromStdString(n.label),
                        n.segment >= 0 ? QString::number(n.segment) : QString::fromStdString(n.label), n.dimmed,
                        tile ? QColor(QString::fromStdString(colors.fill)) : QColor(Qt::white), tile,
                        tile ? themedInk(QColor(QString::fromStdString(colors.pen)).darker(130)) : QColor()});
  }
  // A title beside its frame keeps off frames, nodes and the titles placed before it: those
  // as far out of `area` as a long title reaches.
  const double reach = 60 * kMinTitlePixels / zoom;
  const QRectF near = area.isNull() ? area : area.adjusted(-reach, -reach, reach, reach);
  std::vector<QRectF> obstacles;
  obstacles.reserve(framed.size() * 2 + scene.graph.nodes.size());
  for (const graph::Cluster& c : scene.graph.clusters)
    if (const layout::ClusterGeometry* g = scene.clusterShape(c.id))
      if (const QRectF box(g->box.x, g->box.y, g->box.width, g->box.height); within(box, near))
        obstacles.push_back(box);
  for (const graph::Node& n : scene.graph.nodes)
    if (const QRectF box = scene.nodeBox(n.id); !box.isNull() && within(box, near)) obstacles.push_back(box);
  Placer placer(zoom, std::move(obstacles), widths);
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
