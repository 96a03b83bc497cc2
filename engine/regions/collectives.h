// Collectives of an FX graph and what can hide them: each _c10d_functional collective, its
// wait_tensor, the regions and other compute between the two in graph order, the collective's
// own time on the interconnect (a ring model), and whether the compute covers it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "regions/fx_regions.h"

namespace segscope::regions {

enum class OverlapVerdict { Hidden, PartlyHidden, Exposed, Unknown };
/// "hidden", "partly hidden", "exposed", "unknown" (the collective's size is not known).
std::string_view overlapVerdictName(OverlapVerdict v);

/// A kernel between a collective and its wait that is not a region.
struct ComputeItem {
  int node = -1;
  std::string kind;  // "matmul", "attention", "kernel" (a memory-bound op), "lone" (a fusible node in no region)
  double ms = 0.0;
  double flops = 0.0;  // matmul and attention
};

struct CollectiveSpan {
  int issue = -1;             // the collective's node
  int wait = -1;              // its wait_tensor; -1 when the graph never waits for it
  std::string kind;           // "all_gather_into_tensor", "reduce_scatter_tensor", "all_reduce", ...
  std::string group;          // the process group's name
  int ranks = 0;              // the group's size: from the call, another call on the group, or the default
  bool ranksAssumed = false;  // no call in the graph says the size: the default was used
  std::int64_t bytes = 0;     // the full tensor the ring formula is stated on (see commMs)
  bool sized = true;          // false: a size symbol has no value, bytes and times are unknown
  std::vector<int> regions;   // regions between issue and wait
  std::vector<ComputeItem> compute;
  double regionMs = 0.0;
  double computeMs = 0.0;  // regions plus compute items
  double commMs = 0.0;
  double exposedMs = 0.0;  // max(0, commMs - computeMs)
  OverlapVerdict verdict = OverlapVerdict::Exposed;
};

struct CollectiveOptions {
  int defaultRanks = 8;  // for all_reduce and friends whose group size no call states
};

struct CollectiveAnalysis {
  double interconnectGBps = 0.0;
  double tensorTflops = 0.0;
  std::vector<CollectiveSpan> collectives;  // in graph order of the issuing node
};

/// True for nodes that issue a collective (the _c10d_functional namespace, but not its waits).
bool isCollectiveNode(const fx::Node& node);
bool isWaitNode(const fx::Node& node);

CollectiveAnalysis findCollectives(const fx::Graph& graph, const FxRegionAnalysis& regions,
                                   const fx::SymbolValues& symbols, const scheduler::DeviceProfile& device,
                                   const CollectiveOptions& options);

}  // namespace segscope::regions
