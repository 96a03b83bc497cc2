// Grouping an overview's long runs of segments between barriers into one tile each, as Model
// Explorer folds a network's layers: a 10k-op transformer's 962 segments read as its layers.
#pragma once

#include <cstddef>
#include <set>

#include "graph/graph_model.h"

namespace segscope::graph {

/// Runs shorter than this stay tiles of their own.
inline constexpr std::size_t kGroupMinSegments = 4;
/// About how many groups an overview is folded into: few enough for every group tile to show its
/// range and schedulers at fit.
inline constexpr std::size_t kGroupsWanted = 48;

/// The positions (in `model.nodes`, which must be in run order: every edge forward) after which
/// the overview can be cut: no edge from an earlier tile reaches past the barrier tile, so
/// everything after it depends on what came before only through it (a layer's output). Empty when
/// an edge runs backwards (a working partition mid-segmentation is not in run order).
std::set<std::size_t> barriersOf(const GraphModel& model);

/// Folds the tiles into about kGroupsWanted runs of consecutive segments ("40–58 · 19 segments",
/// "12 inner_persistent, 7 reduction"): a run ends at a barrier once it is long enough (a chain of
/// segments has one after every tile, a layer's last segment is one), or where it has grown half
/// as long again with no barrier in reach. A run holding a tile whose anchorExpr is in `open` (the
/// user opened it) stays tiles, and so does a run shorter than kGroupMinSegments. A group is
/// highlighted when one of its tiles was (a merge's candidates). Edges go to the groups, once per
/// pair. Nothing is folded when the tiles are not in run order.
void groupRunsBetweenBarriers(GraphModel& model, const std::set<int>& open);

}  // namespace segscope::graph
