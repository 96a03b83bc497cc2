// Brackets the stages of one pipeline run: the caller's hooks before and after each stage, and
// each stage's time and step counts, which the Session keeps (Session::stageRuns).
#pragma once

#include <chrono>
#include <optional>
#include <vector>

#include "pipeline/stage_instrumentation.h"

namespace segscope::pipeline {

class StageClock {
 public:
  explicit StageClock(StageInstrumentations hooks) : hooks_(std::move(hooks)) {}

  /// Starts `stage` (closing the open one); `steps` is the trace's length now.
  void enter(Stage stage, std::size_t steps);
  /// Closes the open stage, if any: also on an early return, so a failed stage is reported.
  void close(std::size_t steps);
  std::vector<StageRun> takeRuns() { return std::move(runs_); }

 private:
  StageInstrumentations hooks_;
  std::optional<StageRun> open_;
  std::chrono::steady_clock::time_point start_;
  std::vector<StageRun> runs_;
};

}  // namespace segscope::pipeline
