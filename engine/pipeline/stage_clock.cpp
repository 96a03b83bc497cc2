// StageClock: the hooks before and after each stage of a run, and each stage's time.
#include "pipeline/stage_clock.h"

namespace segscope::pipeline {

void StageClock::enter(Stage stage, std::size_t steps) {
  close(steps);
  open_ = StageRun{stage, 0, steps, steps};
  start_ = std::chrono::steady_clock::now();
  for (const auto& hook : hooks_) hook->beforeStage(stage);
}

void StageClock::close(std::size_t steps) {
  if (!open_) return;
  StageRun run = *open_;
  open_.reset();
  run.milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start_).count();
  run.stepsAfter = steps;
  runs_.push_back(run);
  for (auto hook = hooks_.rbegin(); hook != hooks_.rend(); ++hook) (*hook)->afterStage(run);
}

}  // namespace segscope::pipeline
