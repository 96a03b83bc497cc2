// Segment titles at low zoom: where each cluster's (or collapsed segment's) title goes so it
// reads at a fixed on-screen size: inside the frame when it fits, else beside it where no
// other frame or title is, else the segment number alone.
#pragma once

#include <QColor>
#include <QHash>
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

/// Title widths measured at one zoom, kept from one picture to the next: a step redraws
/// thousands of frames whose titles did not change, and shaping each again was most of placing.
struct TitleWidths {
  double pixels = 0;  // the title font size they were measured in
  QHash<QString, double> of;
  QHash<QString, std::pair<double, QString>> elided;  // a title, the room it had, and what fit there
};

/// The titles of every cluster and segment node of `scene` as drawn at `zoom` (`widths`, when
/// given, is read and filled); with an `area`, only of those that reach into it.
std::vector<SegmentTitle> placeSegmentTitles(const TitleLayout& scene, double zoom, TitleWidths* widths = nullptr,
                                             const QRectF& area = QRectF());

void paintSegmentTitles(QPainter* painter, const std::vector<SegmentTitle>& titles, const QRectF& exposed);

}  // namespace segscope::ui
