// An ordered list of Steps over shared snapshots: the debugger's timeline.
#pragma once

#include <string>
#include <vector>

#include "trace/recorder.h"

namespace segscope::trace {

class Trace final : public Recorder {
 public:
  void record(Step step) override;

  const std::vector<Step>& steps() const { return steps_; }
  /// Room for `n` steps: a segmentation records about one step per expr, and growing the list
  /// by doubling copied every step and faulted in fresh pages each time (5 % of a 50k run).
  void reserve(std::size_t n) { steps_.reserve(n); }
  std::size_t size() const { return steps_.size(); }
  /// Steps as recorded, each folded step counted as the attempts it stands for: what size()
  /// would be had every refusal kept its own step.
  std::size_t recordedSteps() const { return steps_.size() + folded_; }
  const Step& step(std::size_t i) const { return steps_[i]; }
  /// Indices of the steps that changed the fusion.
  std::vector<int> modifyingSteps() const;
  /// Merge attempts after the whole-fusion try, and how many were refused, counting each
  /// folded step (MergeInfo::repeats) as the attempts it stands for.
  struct MergeCounts {
    int attempts = 0;
    int refused = 0;
  };
  MergeCounts mergeCounts() const;

  std::string source;   // the script file the trace was recorded from
  std::string profile;  // device profile name (segmentation depends on it)

 private:
  std::vector<Step> steps_;
  std::size_t folded_ = 0;  // steps folded into the one before them
};

}  // namespace segscope::trace
