// What a drawing of a snapshot contains, as plain data: nodes, edges, clusters and the
// highlight sets. The GUI, the SVG/DOT export and the docs all draw from this one model.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace segscope::graph {

enum class NodeKind {
  Op,          // an expr ("T7 = mul")
  Input,       // a fusion input tensor or scalar (drawn once per consuming cluster in segment views)
  Output,      // a fusion output marker
  Tensor,      // an intermediate tensor (only with BuildOptions::showTensors)
  Segment,     // one whole segment, or a run of one (collapsed view)
  Collective,  // a collective or its wait in a PyTorch FX graph (all_gather, reduce_scatter, wait_tensor)
};

/// Why a node, edge or cluster is drawn highlighted; the palette gives each a color.
enum class Highlight {
  None,
  Candidate,  // part of the merge attempt of the current step
  Added,      // diff: new in this step
  Removed,    // diff: gone in this step (drawn from the before-snapshot)
  Changed,    // diff: same id, different op/dtype/shape/inputs
  Regrouped,  // partition diff: moved to another group
  Selected,   // the user's selection
  Blocker,    // a cycle refusal's blocker: the group between the candidates
};

struct Node {
  /// Stable across steps and processes: "e12" for expr 12, "v5" for val 5 (inputs in a
  /// segment view: "v5@g3" for the copy drawn next to the cluster of group 3), "s2" for segment 2.
  std::string id;
  NodeKind kind = NodeKind::Op;
  std::string label;     // first line, bold in the drawing: "T7 = mul"
  std::string detail;    // second line: "f32 [2048, 1024]"
  std::string tooltip;   // full text: the expr as printed, source line
  std::string cssClass;  // SVG class: "op pointwise", "input", "segment reduction" ...
  int exprId = -1;
  int valId = -1;
  int segment = -1;    // group/segment id it stands for (Segment nodes)
  int cluster = -1;    // index into GraphModel::clusters; -1 = top level
  int sourceLine = 0;  // 1-based line of the script that defined it; 0 = unknown
  int group = -1;      // the group/segment the op belongs to, clustered or not
  /// Collapsed view: an expr of the group or run a Segment node stands for (expanding the node
  /// expands around it); -1 otherwise. Run nodes have ids "r<expr>".
  int anchorExpr = -1;
  std::string fillColor;  // "#rrggbb" overriding the kind's default (an unclustered group's color)
  std::string penColor;
  Highlight highlight = Highlight::None;
  bool dimmed = false;  // drawn faint: not part of the merge attempt the step shows
};

struct Edge {
  std::string from;  // node ids
  std::string to;
  std::string label;  // "bf16 [2048, 1024]" on edges that cross clusters; empty inside
  std::string tooltip;
  int valId = -1;
  std::int64_t bytes = 0;  // bytes the value occupies (collapsed view: sum over the values)
  bool crossesClusters = false;
  Highlight highlight = Highlight::None;
  friend bool operator==(const Edge&, const Edge&) = default;
};

struct Cluster {
  std::string id;         // "segment-3" (stable; used as the SVG id)
  int group = -1;         // group or segment id
  std::string scheduler;  // "pointwise", "none" while unknown
  bool host = false;
  std::string label;      // "segment 3 · inner_persistent · 17 ops"
  std::string fillColor;  // "#rrggbb" from the scheduler palette
  std::string penColor;
  int opCount = 0;
  Highlight highlight = Highlight::None;
  bool dimmed = false;
  friend bool operator==(const Cluster&, const Cluster&) = default;
};

struct GraphModel {
  std::string title;        // fusion name and step
  std::vector<Node> nodes;  // in a deterministic order (topological for ops)
  std::vector<Edge> edges;  // in a deterministic order
  std::vector<Cluster> clusters;

  const Node* node(const std::string& id) const;
  int nodeIndex(const std::string& id) const;  // -1 when absent
};

/// Nodes matching a Find query, in model order: every space-separated word of `query` occurs
/// (ignoring case) in the node's label, detail or tooltip — "mul", "T12", "bf16 2048", "sum
/// line 40". The node a one-word query names comes first ("T12 = add" for "T12"), then ops,
/// then the other nodes; an empty query matches nothing.
std::vector<std::string> findNodes(const GraphModel& model, std::string_view query);
/// The lower-cased, blank-separated words of a Find query (every one must occur in a match).
std::vector<std::string> queryWords(std::string_view query);

/// The drawing style of a highlight (fill or pen), one palette for every consumer.
struct HighlightStyle {
  std::string fill;
  std::string pen;
};
HighlightStyle highlightStyle(Highlight h);
std::string_view highlightName(Highlight h);

/// Fill and pen of a node as every drawing shows it: the highlight wins, then the node's own
/// colors (an unclustered group's scheduler), then its kind's default.
HighlightStyle nodeColors(const Node& node);

/// Fill and pen colors for a scheduler's clusters ("none" and unknown names get grey).
HighlightStyle schedulerColors(const std::string& scheduler);
/// How a partition group's kind reads to a user: its scheduler, or "host scalars".
std::string kindLabel(const std::string& scheduler);

}  // namespace segscope::graph
