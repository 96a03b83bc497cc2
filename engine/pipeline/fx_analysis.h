// PyTorch FX graphs through the façade: read a printout, pick a graph, find its fusion regions
// and collectives. The shells call only this; fx/ and regions/ do the work.
#pragma once

#include <string>
#include <vector>

#include "fx/fx_graph.h"
#include "graph/graph_model.h"
#include "regions/collectives.h"
#include "regions/fx_regions.h"
#include "support/diagnostic.h"
#include "support/result.h"

namespace segscope::pipeline {

/// True when the file's text is an FX printout rather than an nvFuser script.
bool isFxText(const std::string& text);

struct FxFile {
  std::string path;
  std::string text;
  fx::Document document;
  std::vector<Diagnostic> warnings;  // file:line:col, as the reader found them
};

/// Reads and parses `path`. A parse error comes back as a Diagnostic (file:line:col and the
/// offending line); a missing file as one without a location.
Result<FxFile> readFxFile(const std::string& path, Diagnostic* failure);

struct FxOptions {
  std::string profile = "h100";
  std::string rules = "seed";        // "seed" or "current"
  std::vector<std::string> symbols;  // "s0=8192"
  int graph = 1;                     // 1-based, in file order
  int defaultRanks = 8;
};

struct FxAnalysis {
  const fx::Graph* graph = nullptr;  // in the FxFile's document
  int graphNumber = 1;
  scheduler::DeviceProfile device;
  fx::SymbolValues symbols;
  regions::FxRegionAnalysis regions;
  regions::CollectiveAnalysis collectives;
};

/// Checks the options (profile, rule set, symbol values, graph number) and runs the analyses.
Result<FxAnalysis> analyzeFxGraph(const FxFile& file, const FxOptions& options);

/// The drawing of the analysed graph: regions and collectives marked; `collective` (an index
/// into analysis.collectives) >= 0 shows its span from issue to wait; `selected` a picked node.
graph::GraphModel fxGraphModel(const FxAnalysis& analysis, int collective = -1, int selected = -1);

}  // namespace segscope::pipeline
