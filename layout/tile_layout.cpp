// Tiles in a grid for the overview of many segments (tile_layout.h).
#include "layout/tile_layout.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <unordered_map>

namespace segscope::layout {
namespace {

constexpr double kStub = 4;   // how far a stub reaches out of its tile
constexpr double kArrow = 5;  // the arrowhead's length: an edge's line ends at its base

std::vector<Point> straight(Point a, Point b) { return {a, a, b, b}; }

struct TileSize {
  double width, height, gapX, gapY;
  double pitchX() const { return width + gapX; }
  double pitchY() const { return height + gapY; }
};

TileSize tileSizeFor(const graph::GraphModel& model) {
  // Group tiles name a range and its schedulers: wider (few of them share a canvas).
  const bool groups = std::any_of(model.nodes.begin(), model.nodes.end(),
                                  [](const graph::Node& n) { return n.cssClass.find(" group ") != std::string::npos; });
  if (groups) return {kGroupTileWidth, kTileHeight, kTileGapX, kTileGapY};
  if (model.nodes.size() > kCompactTilesAbove)
    return {kCompactTileWidth, kCompactTileHeight, kTileGapX / 2, kTileGapY / 2};
  return {kTileWidth, kTileHeight, kTileGapX, kTileGapY};
}

// Columns for `count` tiles whose grid comes nearest `aspect` (width / height).
int columnsFor(std::size_t count, double aspect, const TileSize& tile) {
  if (count == 0) return 1;
  const double pitchX = tile.pitchX(), pitchY = tile.pitchY();
  const double ideal = std::sqrt(static_cast<double>(count) * std::max(aspect, 0.1) * pitchY / pitchX);
  return std::clamp(static_cast<int>(std::lround(ideal)), 1, static_cast<int>(count));
}

}  // namespace

Geometry layoutTiles(const graph::GraphModel& model, double aspect) {
  const auto start = std::chrono::steady_clock::now();
  Geometry g;
  const TileSize tile = tileSizeFor(model);
  const int columns = columnsFor(model.nodes.size(), aspect, tile);
  const double pitchX = tile.pitchX(), pitchY = tile.pitchY();
  std::unordered_map<std::string, std::size_t> indexOf;
  for (std::size_t i = 0; i < model.nodes.size(); ++i) {
    const auto row = static_cast<double>(i / static_cast<std::size_t>(columns));
    const auto column = static_cast<double>(i % static_cast<std::size_t>(columns));
    g.nodes.push_back({model.nodes[i].id, tile.gapX + column * pitchX + tile.width / 2,
                       tile.gapY + row * pitchY + tile.height / 2, tile.width, tile.height});
    indexOf.emplace(model.nodes[i].id, i);
  }
  for (const graph::Edge& e : model.edges) {
    EdgeGeometry eg;
    eg.id = "edge-" + e.from + "-" + e.to + "-" + std::to_string(e.valId);
    eg.from = e.from;
    eg.to = e.to;
    const auto from = indexOf.find(e.from), to = indexOf.find(e.to);
    if (from != indexOf.end() && to != indexOf.end() && to->second == from->second + 1) {
      const Rect a = g.nodes[from->second].box(), b = g.nodes[to->second].box();
      const bool sameRow = a.y == b.y;
      eg.hasArrow = true;
      if (sameRow) {
        const double y = a.center().y;
        eg.beziers = {straight({a.right(), y}, {b.x - kArrow, y})};
        eg.arrowTip = {b.x, y};
      } else {  // the row wraps: out of the right of one, into the left of the next
        eg.beziers = {straight({a.right(), a.center().y}, {a.right() + kStub, a.center().y}),
                      straight({b.x - kStub - kArrow, b.center().y}, {b.x - kArrow, b.center().y})};
        eg.arrowTip = {b.x, b.center().y};
      }
    }
    g.edges.push_back(std::move(eg));
  }
  const std::size_t rows =
      (model.nodes.size() + static_cast<std::size_t>(columns) - 1) / static_cast<std::size_t>(columns);
  const std::size_t usedColumns = std::min<std::size_t>(static_cast<std::size_t>(columns), model.nodes.size());
  g.bounds = {0, 0, tile.gapX + static_cast<double>(usedColumns) * pitchX,
              tile.gapY + static_cast<double>(rows) * pitchY};
  g.milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return g;
}

}  // namespace segscope::layout
