// The region analysis on a plain graph, so that nvFuser fusions and PyTorch FX graphs share one
// implementation: runs of fusible nodes, their connected components, what crosses each
// component's boundary, and its bytes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace segscope::regions {

/// What a node is to the analysis.
enum class NodeRole {
  Fusible,      // joins the run it is in
  Barrier,      // ends the run (matmul, a collective, a placeholder in FX)
  Transparent,  // neither (nvFuser's host scalars and fusion inputs): runs go on across it
};

/// One value a node produces (nvFuser exprs can produce several; FX nodes produce one).
struct ResultSlot {
  std::int64_t bytes = 0;  // what it occupies in memory; 0 for non-tensors and unknowns
  bool tensor = false;
  bool graphOutput = false;  // returned by the graph without an output node (nvFuser)
  std::vector<int> users;    // nodes that read it, in graph order
};

/// A reference to one result of one node.
struct ValueRef {
  int node = -1;
  int result = 0;
  friend bool operator==(const ValueRef&, const ValueRef&) = default;
};

struct GraphNode {
  std::string name;  // for name-ordered topological sorts
  NodeRole role = NodeRole::Barrier;
  bool view = false;             // a view op: counted apart by rules that ignore views
  std::vector<ValueRef> inputs;  // in argument order, without repeats
  std::vector<ResultSlot> results;
};

/// The choices the rule sets differ in.
struct RegionRules {
  /// Smallest region; views count toward it unless `countViews` is false.
  int minNodes = 2;
  bool countViews = true;
  /// Members in Kahn's order with ready nodes taken by name (the seed's _topological_sort_nodes)
  /// instead of graph order.
  bool kahnByName = false;
  /// A member whose value nobody reads is an output (the seed's `len(node.users) == 0`).
  bool unreadIsOutput = false;
};

struct RegionSpan {
  std::vector<int> members;       // node indices, in the rules' order
  std::vector<ValueRef> inputs;   // read by members, produced outside; first read first
  std::vector<ValueRef> outputs;  // member results read outside or returned
  std::vector<int> users;         // nodes outside that read an output: member by member, first read first
  std::int64_t bytes = 0;         // tensor bytes of inputs and outputs
};

/// The regions of `nodes` (in graph order): components of at least `rules.minNodes` nodes
/// within each run of fusible nodes, in the order of their first node. Regions moving zero
/// bytes are kept here; the caller prices and drops them.
std::vector<RegionSpan> findRegionSpans(const std::vector<GraphNode>& nodes, const RegionRules& rules);

}  // namespace segscope::regions
