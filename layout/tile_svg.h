// The overview of many segments as an SVG of its own: tiles in a grid (tile_layout.h), drawn
// without Graphviz, a fraction of the size of a segment graph of hundreds of segments.
#pragma once

#include <string>

#include "graph/graph_model.h"
#include "layout/svg_legend.h"

namespace segscope::layout {

/// `model` (an overview) laid out by layoutTiles for `aspect`, with `decor`'s caption above the
/// tiles and the schedulers' colours with their counts below; each tile carries its tooltip.
std::string renderTilesSvg(const graph::GraphModel& model, const SvgDecor& decor, double aspect);

}  // namespace segscope::layout
