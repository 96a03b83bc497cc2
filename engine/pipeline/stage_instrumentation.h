// The pipeline's stages and the hooks around each (after MLIR's instrumentation): the stage
// times a Session keeps come from the pipeline's own, and a caller adds its own through
// PipelineOptions::stageHooks (a benchmark's timer, a test's counter) without touching it.
#pragma once

#include <cstddef>
#include <memory>
#include <string_view>
#include <vector>

namespace segscope::pipeline {

/// The stages, in the order they run (pipeline.cpp says why each sits where it does).
/// Regions and the run are not here: they are asked of a finished Session.
enum class Stage { Load, Concretize, PreSegmenter, Segment };

/// "load", "concretize", "pre_segmenter", "segment".
std::string_view stageName(Stage stage);

/// One stage as it ran: how long, and the trace's length before and after it.
struct StageRun {
  Stage stage = Stage::Load;
  double milliseconds = 0;
  std::size_t stepsBefore = 0, stepsAfter = 0;
};

class StageInstrumentation {
 public:
  virtual ~StageInstrumentation() = default;
  virtual void beforeStage(Stage stage) { (void)stage; }
  /// After the stage ran, also when it failed (a script that does not load still ran Load).
  virtual void afterStage(const StageRun& run) { (void)run; }
};

using StageInstrumentations = std::vector<std::shared_ptr<StageInstrumentation>>;

}  // namespace segscope::pipeline
