// The fusion-regions overlay: each region (regions::findRegions) drawn as a translucent hull
// around the nodes that stand for its ops, labelled with its DRAM bytes and cost.
#pragma once

#include <QGraphicsItem>
#include <QPainterPath>
#include <QPolygonF>
#include <QString>
#include <vector>

#include "graph/graph_model.h"
#include "layout/geometry.h"
#include "pipeline/fx_analysis.h"
#include "pipeline/session.h"
#include "trace/snapshot.h"

namespace segscope::ui {

struct RegionShape {
  int region = -1;
  QPolygonF hull;   // convex, scene coordinates, padded around the member nodes
  QString label;    // "R2 · 12.6 MB · 3.8 µs"
  QString tooltip;  // members, reads, writes, bytes, cost
  int drawnMembers = 0;
};

/// Convex hull of `points` (counter-clockwise, no repeated first point); fewer than three
/// distinct points come back as they are.
QPolygonF convexHull(std::vector<QPointF> points);

/// One shape per region with at least one member drawn in `model`. Ops are found by their
/// expr id; in the collapsed view (no op nodes) a region covers the segment nodes that hold
/// its members, looked up in `partition` (may be null: then such regions are skipped).
std::vector<RegionShape> regionShapes(const regions::RegionAnalysis& analysis, const graph::GraphModel& model,
                                      const layout::Geometry& geometry, const trace::Partition* partition);

/// The regions of a PyTorch FX graph over its drawing (pipeline::fxGraphModel: node i is "n<i>").
std::vector<RegionShape> fxRegionShapes(const regions::FxRegionAnalysis& analysis, const layout::Geometry& geometry);

/// "4 regions · 12.6 MB · 3.8 µs at h100's 3350 GB/s" (or why there are none).
QString regionSummary(const regions::RegionAnalysis& analysis);
QString regionSummary(const regions::FxRegionAnalysis& analysis);

inline constexpr int RegionItemType = QGraphicsItem::UserType + 10;

/// A region's hull: translucent fill and dashed outline, above cluster frames and below edges
/// and nodes, transparent to clicks so picking is unchanged.
class RegionItem : public QGraphicsItem {
 public:
  explicit RegionItem(const RegionShape& shape);
  int type() const override { return RegionItemType; }
  QRectF boundingRect() const override;
  QPainterPath shape() const override;
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
  int region() const { return region_; }
  const QPolygonF& hull() const { return hull_; }

  /// The pill with the region's label, for the top right of its hull.
  QGraphicsItem* makeLabel() const;

 private:
  int region_ = -1;
  QPolygonF hull_;
  QPainterPath rounded_;  // the hull with rounded corners: what is painted and picked
  QString label_;
  QString tooltip_;
  QColor color_;
};

}  // namespace segscope::ui
