// Fusion regions of a PyTorch FX graph, by either of inductor's rule sets: the seed's
// (torch.Tag-based fusibility, regions of at least 2 nodes in the seed's topological order,
// positive cost only) or current PyTorch's (fusible = an inductor lowering that is no fallback
// and has no flop formula; at least 2 non-view nodes; graph order). docs/regions.md.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fx/fx_graph.h"
#include "scheduler/device_profile.h"

namespace segscope::regions {

enum class FxRuleSet { Seed, Current };

std::optional<FxRuleSet> fxRuleSetByName(std::string_view name);  // "seed", "current"
std::string_view fxRuleSetName(FxRuleSet rules);

/// Whether `node` may join a region under `rules`.
bool isFusibleFxNode(const fx::Node& node, FxRuleSet rules);
/// A view op by PyTorch's schema (aten/prims namespaces).
bool isFxViewNode(const fx::Node& node);

struct FxRegion {
  int id = -1;
  std::vector<int> members;  // node indices, in the rule set's order
  std::vector<int> inputs;   // nodes outside that members read (placeholders, matmuls, Sym values)
  std::vector<int> outputs;  // members read outside, or (seed) read by nobody
  std::vector<int> users;    // nodes outside that read an output
  /// Seed: tensor bytes of inputs and outputs (numel × element size). Current: the sum of its
  /// nodes' estimate_fused_node_costs bytes (stride-0 dims counted once).
  std::int64_t bytes = 0;
  double costMs = 0.0;  // bytes at the profile's DRAM bandwidth
  /// False when a boundary tensor's size is unknown (a symbol without a value): bytes and cost
  /// are then a lower bound. PyTorch prices such tensors by their hints, so the seed keeps
  /// the region although the known bytes may be 0.
  bool sized = true;
};

struct FxRegionAnalysis {
  const fx::Graph* graph = nullptr;  // not owned
  FxRuleSet rules = FxRuleSet::Seed;
  std::string profile;
  double dramBandwidthGBps = 0.0;
  std::vector<FxRegion> regions;  // ids 0..n-1, ordered by their first node in the graph
  std::vector<int> regionOf;      // per node: its region's id, or -1
  std::int64_t totalBytes = 0;
  double totalCostMs = 0.0;
  /// Tensors whose bytes could not be counted (a size symbol without a value, an unknown
  /// dtype), by node name: counted as 0.
  std::vector<std::string> unsizedNodes;
};

/// Bytes of a node's value when it is a tensor; nullopt otherwise (and for unknown sizes).
std::optional<std::int64_t> fxNodeBytes(const fx::Node& node, const fx::SymbolValues& symbols);

FxRegionAnalysis findFxRegions(const fx::Graph& graph, FxRuleSet rules, const fx::SymbolValues& symbols,
                               const scheduler::DeviceProfile& device);

}  // namespace segscope::regions
