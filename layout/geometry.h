// Plain layout results (positions, splines, cluster boxes) that the GUI and tests read;
// screen coordinates: origin top-left, y grows downwards, units are points (1/72 inch).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace segscope::layout {

struct Point {
  double x = 0;
  double y = 0;
  friend bool operator==(const Point&, const Point&) = default;
};

struct Size {
  double width = 0;
  double height = 0;
  friend bool operator==(const Size&, const Size&) = default;
};

struct Rect {
  double x = 0;  // left
  double y = 0;  // top
  double width = 0;
  double height = 0;

  double right() const { return x + width; }
  double bottom() const { return y + height; }
  Point center() const { return {x + width / 2, y + height / 2}; }
  /// `slack` absorbs Graphviz's rounding of coordinates to 1/100 point.
  bool contains(const Rect& r, double slack = 0.01) const {
    return r.x >= x - slack && r.y >= y - slack && r.right() <= right() + slack && r.bottom() <= bottom() + slack;
  }
  bool contains(Point p) const { return p.x >= x && p.x <= right() && p.y >= y && p.y <= bottom(); }
  friend bool operator==(const Rect&, const Rect&) = default;
};

struct NodeGeometry {
  std::string id;  // graph::Node::id
  double x = 0;    // centre
  double y = 0;
  double width = 0;
  double height = 0;

  Rect box() const { return {x - width / 2, y - height / 2, width, height}; }
  friend bool operator==(const NodeGeometry&, const NodeGeometry&) = default;
};

struct EdgeGeometry {
  std::string id;  // SVG id: "edge-<from>-<to>-<valId>"
  std::string from;
  std::string to;
  /// Every piece of the spline (Graphviz splits an edge at virtual nodes and ports): each
  /// piece is a moveTo point followed by 3k cubic control points.
  std::vector<std::vector<Point>> beziers;
  bool hasArrow = false;  // arrowhead at the head end
  Point arrowTip;
  bool hasLabel = false;
  Point labelPos;  // centre of the label
  Size labelSize;
  /// Where the edge starts: its first spline point (else its arrow's tip, else its label).
  Point start() const;
  friend bool operator==(const EdgeGeometry&, const EdgeGeometry&) = default;
};

struct ClusterGeometry {
  std::string id;  // graph::Cluster::id ("segment-3")
  Rect box;
  Point labelPos;  // centre of the label
  Size labelSize;
  friend bool operator==(const ClusterGeometry&, const ClusterGeometry&) = default;
};

struct Geometry {
  Rect bounds;                            // always at (0, 0)
  std::vector<NodeGeometry> nodes;        // in GraphModel::nodes order
  std::vector<EdgeGeometry> edges;        // in GraphModel::edges order
  std::vector<ClusterGeometry> clusters;  // GraphModel::clusters order; clusters without nodes are left out
  std::vector<std::string> warnings;      // Graphviz warnings, in the order it gave them
  double milliseconds = 0;                // build + layout + read back, wall clock

  // Linear lookups: the GUI indexes once per geometry if it needs more.
  const NodeGeometry* node(std::string_view id) const;
  const EdgeGeometry* edge(std::string_view id) const;
  const ClusterGeometry* cluster(std::string_view id) const;

  /// Equal positions, splines and boxes; ignores the timing.
  bool sameLayout(const Geometry& other) const;
};

/// The shift that carries `from` onto `to` when the two are one shape moved (same size, same
/// splines, every point moved alike to within `slack` points); nullopt otherwise. A merge step
/// moves the segments laid out after the one it changed: the window keeps their items and
/// moves them instead of building them again.
std::optional<Point> shiftBetween(const NodeGeometry& from, const NodeGeometry& to, double slack = 0.01);
std::optional<Point> shiftBetween(const EdgeGeometry& from, const EdgeGeometry& to, double slack = 0.01);
std::optional<Point> shiftBetween(const ClusterGeometry& from, const ClusterGeometry& to, double slack = 0.01);

}  // namespace segscope::layout
