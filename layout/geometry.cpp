// Lookups and comparison on layout geometry.
#include "geometry.h"

#include <algorithm>
#include <cmath>

namespace segscope::layout {

namespace {

template <class T>
const T* findById(const std::vector<T>& items, std::string_view id) {
  const auto it = std::find_if(items.begin(), items.end(), [&](const T& item) { return item.id == id; });
  return it == items.end() ? nullptr : &*it;
}

bool near(double a, double b, double slack) { return std::abs(a - b) <= slack; }
bool near(Size a, Size b, double slack) { return near(a.width, b.width, slack) && near(a.height, b.height, slack); }
Point minus(Point a, Point b) { return {a.x - b.x, a.y - b.y}; }
bool near(Point a, Point b, double slack) { return near(a.x, b.x, slack) && near(a.y, b.y, slack); }

}  // namespace

const NodeGeometry* Geometry::node(std::string_view id) const { return findById(nodes, id); }
const EdgeGeometry* Geometry::edge(std::string_view id) const { return findById(edges, id); }
const ClusterGeometry* Geometry::cluster(std::string_view id) const { return findById(clusters, id); }

Point EdgeGeometry::start() const {
  for (const auto& piece : beziers)
    if (!piece.empty()) return piece.front();
  return hasArrow ? arrowTip : labelPos;
}

bool Geometry::sameLayout(const Geometry& other) const {
  return bounds == other.bounds && nodes == other.nodes && edges == other.edges && clusters == other.clusters &&
         warnings == other.warnings;
}

std::optional<Point> shiftBetween(const NodeGeometry& from, const NodeGeometry& to, double slack) {
  if (from.id != to.id || !near(Size{from.width, from.height}, Size{to.width, to.height}, slack)) return std::nullopt;
  return Point{to.x - from.x, to.y - from.y};
}

std::optional<Point> shiftBetween(const EdgeGeometry& from, const EdgeGeometry& to, double slack) {
  if (from.id != to.id || from.from != to.from || from.to != to.to || from.hasArrow != to.hasArrow ||
      from.hasLabel != to.hasLabel || from.beziers.size() != to.beziers.size())
    return std::nullopt;
  std::optional<Point> shift;
  const auto movedAlike = [&](Point a, Point b) {
    if (!shift) shift = minus(b, a);
    return near(minus(b, a), *shift, slack);
  };
  for (std::size_t i = 0; i < from.beziers.size(); ++i) {
    if (from.beziers[i].size() != to.beziers[i].size()) return std::nullopt;
    for (std::size_t k = 0; k < from.beziers[i].size(); ++k)
      if (!movedAlike(from.beziers[i][k], to.beziers[i][k])) return std::nullopt;
  }
  if (from.hasArrow && !movedAlike(from.arrowTip, to.arrowTip)) return std::nullopt;
  if (from.hasLabel && (!near(from.labelSize, to.labelSize, slack) || !movedAlike(from.labelPos, to.labelPos)))
    return std::nullopt;
  return shift.value_or(Point{});
}

std::optional<Point> shiftBetween(const ClusterGeometry& from, const ClusterGeometry& to, double slack) {
  if (from.id != to.id || !near(Size{from.box.width, from.box.height}, Size{to.box.width, to.box.height}, slack) ||
      !near(from.labelSize, to.labelSize, slack))
    return std::nullopt;
  const Point shift{to.box.x - from.box.x, to.box.y - from.box.y};
  if (!near(minus(to.labelPos, from.labelPos), shift, slack)) return std::nullopt;
  return shift;
}

}  // namespace segscope::layout
