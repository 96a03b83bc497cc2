// Segment titles at low zoom: where each cluster's (or collapsed segment's) title goes so it
// reads at a fixed on-screen size: inside the frame when it fits, else beside it where no
// other frame or title is, else the segment number alone.
#pragma once

#include <QColor>
#include <QRectF>
#include <QString>
#include <vector>

class QPainter;

namespace segscope::ui {

class GraphScene;

struct SegmentTitle {
  QRectF box;    // scene coordinates
  QString text;  // the full title, elided, or the segment number
  bool inside = true;
  double pixels = 11;  // font size in scene units
  QColor ink, paper;
};

/// The titles of every cluster and segment node of `scene` as drawn at `zoom`.
std::vector<SegmentTitle> placeSegmentTitles(const GraphScene& scene, double zoom);

void paintSegmentTitles(QPainter* painter, const std::vector<SegmentTitle>& titles, const QRectF& exposed);

}  // namespace segscope::ui
