// The overview of many segments as tiles: a grid in run order shaped like the window, so at fit
// every segment is a tile big enough to read, and no edge crosses the picture.
#pragma once

#include "graph/graph_model.h"
#include "layout/geometry.h"

namespace segscope::layout {

/// A tile's size and the gaps between tiles, in points.
inline constexpr double kTileWidth = 148;
inline constexpr double kTileHeight = 34;
inline constexpr double kTileGapX = 14;
inline constexpr double kTileGapY = 10;
/// Above this many tiles, compact ones: only the segment number fits at fit, and the grid stays
/// big enough on screen to read it (962 segments in a docked 1600×1000 window).
inline constexpr std::size_t kCompactTilesAbove = 300;
inline constexpr double kCompactTileWidth = 52;
inline constexpr double kCompactTileHeight = 30;
/// A picture with group tiles (graph/overview_groups.h) gives every tile this width.
inline constexpr double kGroupTileWidth = 250;

/// Places every node of `model` (an overview: graph::BuildOptions::overview) as a tile, in
/// model order (segments in run order), left to right and row after row, with as many columns as
/// make the grid's width / height nearest `aspect` (the window's). An edge between neighbours of
/// one row is a short arrow across the gap; an edge from a row's last tile to the next row's
/// first is a stub out of the one and into the other; every other edge is not drawn (a band of
/// long edges says nothing at this scale; the tile's tooltip and the Inspector name them).
Geometry layoutTiles(const graph::GraphModel& model, double aspect);

}  // namespace segscope::layout
