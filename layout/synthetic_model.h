// Synthetic fusion-like GraphModels for layout tests and benchmarks, deterministic by seed.
#pragma once

#include <cstdint>

#include "graph/graph_model.h"

namespace segscope::layout {

struct SyntheticOptions {
  int ops = 100;
  int clusters = 10;  // ops are split into this many contiguous clusters (0 = none)
  std::uint32_t seed = 1;
  int inputs = 4;          // fusion inputs, drawn once per consuming cluster
  bool edgeLabels = true;  // label the edges that cross clusters
};

/// Each op reads 1-2 producers among the previous 8 ops (the first ops and about one in
/// eight also read a fusion input); ops nobody reads feed an output node.
graph::GraphModel syntheticFusionModel(const SyntheticOptions& options);

}  // namespace segscope::layout
