// Segment titles at low zoom: where each cluster's (or collapsed segment's) title goes so it
// reads at a fixed on-screen size: inside the frame when it fits, else beside it where no
// other frame or title is, else the segment number alone.
#pragma once

#include <QColor>
#include <QRectF>
#include <QString>
#include <functional>
#include <string>
#include <vector>

#include "graph/graph_model.h"
#include "layout/geometry.h"

class QPainter;

namespace segscope::ui {

// What placing titles reads of a scene: its model and where its clusters and nodes are (the
// scene passes itself in through these, so this file needs none of GraphScene).
struct TitleLayout {
  const graph::GraphModel& graph;
  std::function<const layout::ClusterGeometry*(const std::string& id)> clusterShape;
  std::function<QRectF(const std::string& id)> nodeBox;
};

struct SegmentTitle {
  QRectF box;    // scene coordinates
  QString text;  // the full title, elided, or the segment number
  bool inside = true;
  double pixels = 11;  // font size in scene units
  QColor ink, paper;
};

/// The titles of every cluster and segment node of `scene` as drawn at `zoom`.
std::vector<SegmentTitle> placeSegmentTitles(const TitleLayout& scene, double zoom);

void paintSegmentTitles(QPainter* painter, const std::vector<SegmentTitle>& titles, const QRectF& exposed);

}  // namespace segscope::ui
