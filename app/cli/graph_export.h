// SVG/DOT drawings for the CLI (segment --svg/--dot, trace --svg-dir), through layout/.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "graph/graph_model.h"
#include "pipeline/pipeline.h"
#include "support/result.h"

namespace segscope::cli {

/// False in builds without Graphviz (the GPU box); the functions then return an error.
bool graphExportAvailable();
/// Above this many ops `segment --svg` draws the collapsed view unless --view says otherwise
/// (the window's threshold for opening collapsed).
int autoCollapseOps();

/// The final segmentation drawn as `view` ("segments", "collapsed" or "fusion").
Status exportSegmentGraph(const pipeline::Session& run, const std::optional<std::string>& svgPath,
                          const std::optional<std::string>& dotPath, const std::string& view);

/// Any drawing (an FX graph's, say) as SVG with a caption and/or as DOT.
Status exportGraphModel(const graph::GraphModel& model, const std::vector<std::string>& caption,
                        const std::optional<std::string>& svgPath, const std::optional<std::string>& dotPath);

/// One SVG per step that changed something, numbered by step index, into `dir`; returns
/// how many were written.
Result<int> exportStepSvgs(const pipeline::Session& run, const std::string& dir);

}  // namespace segscope::cli
