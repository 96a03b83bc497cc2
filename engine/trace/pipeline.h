// The whole pipeline as one call — load, pre-segmentation passes, segmentation — every step
// recorded in one Trace. The CLI and the GUI both run it, so they show the same steps.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "frontend/script.h"
#include "ir/diagnostic.h"
#include "scheduler/device_profile.h"
#include "segmenter/segment_candidate_finder.h"
#include "trace/trace.h"

namespace segscope::trace {

/// Where a running pipeline is, for a progress display.
struct PipelineProgress {
  std::string stage;      // "parsing", "pass remove_empty", "segmenter: herrmann_merge"
  std::size_t steps = 0;  // steps recorded so far
  int exprs = 0;          // exprs in the fusion after the latest step (0 while parsing)
};

struct PipelineOptions {
  std::string profile = "h100";
  segmenter::SegmenterOptions segmenter;
  bool runPasses = true;
  /// Passes to switch off for this run (by name); the global pass flags are restored after.
  std::vector<std::string> disabledPasses;
  /// Called on the pipeline's thread before parsing and after every recorded step; the
  /// receiver throttles (a 10k-op segmentation records thousands of steps).
  std::function<void(const PipelineProgress&)> onProgress;
};

struct PipelineRun {
  std::string file;
  std::string source;  // the script text, for diagnostics and the GUI's source view
  frontend::Script script;                  // after the passes
  std::shared_ptr<const ir::Fusion> loaded; // the fusion as the script defined it
  scheduler::DeviceProfile profile;
  Trace trace;
  segmenter::SegmentationResult result;
};

/// A failure with the diagnostic the user sees (`file:line:col: error: …` + caret).
struct PipelineError {
  Diagnostic diagnostic;
  bool badInput = true;  // the file or an option is wrong (vs. a failure while segmenting)
};

/// Runs the pipeline on the script text `source` (named `file` in diagnostics).
std::variant<PipelineRun, PipelineError> runPipeline(const std::string& file, const std::string& source,
                                                     const PipelineOptions& options);
/// Reads `file`, then runs the pipeline on it.
std::variant<PipelineRun, PipelineError> runPipelineOnFile(const std::string& file, const PipelineOptions& options);

}  // namespace segscope::trace
