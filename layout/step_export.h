// How a step is drawn (one policy for the main view, the Diff dock and both every-step
// exports) and "export every step that changed something as SVG".
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "graph/graph_builder.h"
#include "ir/input_spec.h"
#include "support/result.h"
#include "trace/trace.h"

namespace segscope::layout {

/// The drawing options for `step`: `partitionView` when the step has a partition (the fusion
/// view otherwise); a final segmentation's clusters are "segment"s and are drawn even with
/// one op, the segmenter's working groups are "group"s drawn only when they hold several.
graph::BuildOptions stepDrawing(const trace::Step& step, graph::View partitionView = graph::View::Segments);

/// "step-012-merge-g3-g4.svg": sortable, and readable in a file browser.
std::string stepFileName(const trace::Step& step);

/// The steps an every-step export writes: those that changed something and have a picture.
std::vector<const trace::Step*> stepsToExport(const trace::Trace& trace);

/// Writes one SVG per step of stepsToExport into `dir` (created when missing), each file
/// whole or not at all, byte labels from `inputs` when they bind, each with its caption (the
/// trace's device profile and `scalarMode`) and legend. `onProgress(written, total)` runs
/// before each file; returning false stops the export. Returns the number of files written,
/// or the first error.
Result<int> exportStepSvgs(const trace::Trace& trace, const std::vector<ir::InputSpec>& inputs, const std::string& dir,
                           const std::function<bool(int written, int total)>& onProgress = {},
                           std::string_view scalarMode = {});

}  // namespace segscope::layout
