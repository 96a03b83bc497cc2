// A PyTorch FX graph as a drawing: one node per FX node (placeholders as inputs, collectives and
// their waits as their own kind), an edge per use, regions and a collective's span as marks.
#pragma once

#include <vector>

#include "fx/fx_graph.h"
#include "graph/graph_model.h"

namespace segscope::graph {

/// What to mark on an FX drawing (indices are FX node indices).
struct FxMarks {
  std::vector<int> regionOf;     // per node: its region, or -1 (shown in the tooltip and class)
  std::vector<bool> collective;  // per node: issues a collective or waits for one
  /// A collective's span: its issue and wait are Selected, the nodes between them Candidate,
  /// everything else dimmed. -1: no span shown.
  int spanIssue = -1;
  int spanWait = -1;
  int selected = -1;  // a node the user picked
};

/// Node ids are "n<index>"; Node::exprId is the FX node index. `output` is drawn as the graph's
/// Output node; getitem and Sym arithmetic as small ops.
GraphModel buildFxGraphModel(const fx::Graph& graph, const FxMarks& marks);

}  // namespace segscope::graph
