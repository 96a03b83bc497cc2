// FX graphs through the region core (region_graph.h) under one of inductor's two rule sets.
// Seed: torch/_inductor/fx_passes/fusion_regions.py as first proposed (pytorch#169523):
// is_fusible_node, FusionRegion.__post_init__, _topological_sort_nodes. Current: the same file
// at pytorch/pytorch 257d94f (is_fusible_node by lowerings, build_fusion_regions over
// contiguous spans, ≥ 2 non-view nodes, FusionRegion._compute_cost with get_num_bytes).
#include "regions/fx_regions.h"

#include <algorithm>

#include "fx/op_tags.h"
#include "regions/region_graph.h"
#include "regions/regions.h"

namespace segscope::regions {
namespace {

bool isOverloadCall(const fx::Node& n) {
  // An OpOverload is torch.ops.<ns>.<op>.<overload>; higher-order ops have no overload.
  return n.op == fx::NodeOp::CallFunction && n.torchOp && !n.overload.empty() && n.ns != "higher_order";
}

// The seed's is_fusible_node: a call_function whose target carries torch.Tag.pointwise or
// torch.Tag.reduction, is a view, or is slice.Tensor / gather.default / embedding.default.
// Anything else — operator.getitem, collectives, waits, matmuls, placeholders — is not.
bool seedFusible(const fx::Node& n) {
  if (n.op != fx::NodeOp::CallFunction || !n.torchOp) return false;
  const fx::OpTags tags = fx::tagsOf(n.target);
  if (tags.pointwise || tags.reduction || tags.view) return true;
  return n.target == "aten.slice.Tensor" || n.target == "aten.gather.default" || n.target == "aten.embedding.default";
}

// Current PyTorch's is_fusible_node: an OpOverload with an inductor lowering that is not a
// fallback, has no flop formula, is not a _c10d_functional op, and (aten.cat) has at most
// max_pointwise_cat_inputs inputs.
bool currentFusible(const fx::Node& n) {
  if (!isOverloadCall(n) || n.ns == "_c10d_functional") return false;
  const fx::InductorSupport s = fx::inductorSupportOf(n.target);
  if (!s.lowering || s.fallback || s.flops) return false;
  if (n.target == "aten.cat.default" && !n.args.empty()) {
    const fx::Arg& list = n.args[0];
    if ((list.kind == fx::Arg::Kind::List || list.kind == fx::Arg::Kind::Tuple) &&
        static_cast<int>(list.items.size()) > fx::maxPointwiseCatInputs())
      return false;
  }
  return true;
}

// numel × element size, stride-0 dims counted once when `skipBroadcast` (get_num_bytes).
std::optional<std::int64_t> bytesOf(const fx::Node& node, const fx::SymbolValues& symbols, bool skipBroadcast) {
  const fx::ValueMeta& m = node.meta;
  if (m.kind != fx::ValueMeta::Kind::Tensor) return std::nullopt;
  if (!skipBroadcast || m.strides.empty()) return fx::tensorBytes(m, symbols);
  fx::ValueMeta counted = m;
  counted.sizes.clear();
  for (std::size_t d = 0; d < m.sizes.size(); ++d)
    if (!(m.strides[d].value && *m.strides[d].value == 0)) counted.sizes.push_back(m.sizes[d]);
  return fx::tensorBytes(counted, symbols);
}

std::vector<GraphNode> asRegionGraph(const fx::Graph& g, FxRuleSet rules, const fx::SymbolValues& symbols,
                                     std::vector<std::string>& unsized, std::vector<bool>& isUnsized) {
  isUnsized.assign(g.nodes.size(), false);
  std::vector<GraphNode> nodes;
  nodes.reserve(g.nodes.size());
  for (const fx::Node& n : g.nodes) {
    GraphNode gn;
    gn.name = n.name;
    gn.role = isFusibleFxNode(n, rules) ? NodeRole::Fusible : NodeRole::Barrier;
    gn.view = isFxViewNode(n);
    for (int in : n.inputs) gn.inputs.push_back(ValueRef{in, 0});
    ResultSlot slot;
    slot.users = n.users;
    slot.tensor = n.meta.kind == fx::ValueMeta::Kind::Tensor;
    if (slot.tensor) {
      const auto bytes = bytesOf(n, symbols, rules == FxRuleSet::Current);
      if (!bytes) {
        unsized.push_back(n.name);
        isUnsized[nodes.size()] = true;
      }
      slot.bytes = bytes.value_or(0);
    }
    gn.results.push_back(std::move(slot));
    nodes.push_back(std::move(gn));
  }
  return nodes;
}

RegionRules rulesOf(FxRuleSet rules) {
  RegionRules r;
  r.minNodes = 2;
  if (rules == FxRuleSet::Seed) {
    r.kahnByName = true;      // FusionRegion(nodes=OrderedSet(_topological_sort_nodes(...)))
    r.unreadIsOutput = true;  // `or len(node.users) == 0`
  } else {
    r.countViews = false;  // "Skip regions with fewer than 2 non-view nodes"
  }
  return r;
}

// Current PyTorch's estimate_fused_node_costs: per member, the bytes of each input node outside
// the region plus its own value when a node outside reads it; a region costs their sum. An
// outside input read by two members counts twice, as it does there.
std::int64_t currentRegionBytes(const std::vector<int>& members, const std::vector<GraphNode>& nodes) {
  std::vector<bool> inRegion(nodes.size(), false);
  for (int m : members) inRegion[static_cast<std::size_t>(m)] = true;
  std::int64_t bytes = 0;
  for (int m : members) {
    const GraphNode& n = nodes[static_cast<std::size_t>(m)];
    for (const ValueRef& in : n.inputs)
      if (!inRegion[static_cast<std::size_t>(in.node)])
        bytes += nodes[static_cast<std::size_t>(in.node)].results[0].bytes;
    const auto& users = n.results[0].users;
    if (std::any_of(users.begin(), users.end(), [&](int u) { return !inRegion[static_cast<std::size_t>(u)]; }))
      bytes += n.results[0].bytes;
  }
  return bytes;
}

std::vector<int> nodesOf(const std::vector<ValueRef>& refs) {
  std::vector<int> out;
  out.reserve(refs.size());
  for (const ValueRef& r : refs) out.push_back(r.node);
  return out;
}

}  // namespace

std::optional<FxRuleSet> fxRuleSetByName(std::string_view name) {
  if (name == "seed") return FxRuleSet::Seed;
  if (name == "current") return FxRuleSet::Current;
  return std::nullopt;
}

std::string_view fxRuleSetName(FxRuleSet rules) { return rules == FxRuleSet::Seed ? "seed" : "current"; }

bool isFusibleFxNode(const fx::Node& node, FxRuleSet rules) {
  return rules == FxRuleSet::Seed ? seedFusible(node) : currentFusible(node);
}

// fusion_regions.py is_view_node: an OpOverload whose schema is a view, in aten or prims.
bool isFxViewNode(const fx::Node& node) {
  return isOverloadCall(node) && (node.ns == "aten" || node.ns == "prims") && fx::tagsOf(node.target).view;
}

std::optional<std::int64_t> fxNodeBytes(const fx::Node& node, const fx::SymbolValues& symbols) {
  return bytesOf(node, symbols, false);
}

FxRegionAnalysis findFxRegions(const fx::Graph& graph, FxRuleSet rules, const fx::SymbolValues& symbols,
                               const scheduler::DeviceProfile& device) {
  FxRegionAnalysis out;
  out.graph = &graph;
  out.rules = rules;
  out.profile = device.name;
  out.dramBandwidthGBps = device.dramBandwidthGBps;
  out.regionOf.assign(graph.nodes.size(), -1);
  std::vector<bool> isUnsized;
  const std::vector<GraphNode> nodes = asRegionGraph(graph, rules, symbols, out.unsizedNodes, isUnsized);
  for (RegionSpan& span : findRegionSpans(nodes, rulesOf(rules))) {
    bool sized = true;
    for (const auto* refs : {&span.inputs, &span.outputs})
      for (const ValueRef& v : *refs) sized = sized && !isUnsized[static_cast<std::size_t>(v.node)];
    // The seed keeps only regions with tensor I/O ("Only include regions with positive
    // cost"); current PyTorch keeps every region it builds.
    if (rules == FxRuleSet::Seed && span.bytes == 0 && sized) continue;
    FxRegion r;
    r.sized = sized;
    r.id = static_cast<int>(out.regions.size());
    r.members = std::move(span.members);
    r.inputs = nodesOf(span.inputs);
    r.outputs = nodesOf(span.outputs);
    r.users = std::move(span.users);
    r.bytes = rules == FxRuleSet::Seed ? span.bytes : currentRegionBytes(r.members, nodes);
    r.costMs = transferMs(r.bytes, device);
    for (int m : r.members) out.regionOf[static_cast<std::size_t>(m)] = r.id;
    out.totalBytes += r.bytes;
    out.totalCostMs += r.costMs;
    out.regions.push_back(std::move(r));
  }
  return out;
}

}  // namespace segscope::regions
