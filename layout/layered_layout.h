// A fast layered (Sugiyama-style) placement for graphs too big for dot: ranks by longest
// path, order by barycentre sweeps, coordinates by order-preserving least squares. Linear in
// nodes and edges per sweep; no Graphviz, no virtual nodes (long edges are drawn straight).
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "geometry.h"

namespace segscope::layout {

struct LayeredGraph {
  std::vector<Size> sizes;                 // one per node, in points
  std::vector<std::pair<int, int>> edges;  // (from, to) node indices; cycles are tolerated
};

struct LayeredOptions {
  double nodesep = 18;  // points between neighbours of a rank
  double ranksep = 29;  // points between ranks
  int sweeps = 4;       // down+up barycentre sweeps
};

struct LayeredPlacement {
  std::vector<Point> centres;  // per node, top-left origin
  std::vector<int> rank;       // per node
  Size extent;                 // everything lies in [0, width] x [0, height]
};

/// Places `graph`: every node below all its predecessors; one with no more predecessors than
/// successors (a fusion input, a weight's cast) just above its first consumer, as dot's
/// network simplex would put it.
LayeredPlacement placeLayered(const LayeredGraph& graph, const LayeredOptions& options = {});

}  // namespace segscope::layout
