// The engine's only way to report progress: passes and the segmenter hand Steps to a
// Recorder; the CLI, the GUI and the tests read the resulting Trace.
#pragma once

#include "trace/step.h"

namespace segscope::trace {

class Recorder {
 public:
  virtual ~Recorder() = default;
  virtual void record(Step step) = 0;
  /// Whether steps should carry fusion and partition snapshots. A run that reads only the
  /// verdicts and the result (`segscope-cli segment`) says no: the copies were a fifth of a
  /// small fusion's segmentation time.
  virtual bool keepsSnapshots() const { return true; }
  /// Whether merge steps should carry their candidates, exprs, name and every verdict. A run
  /// that only counts merges and refusals (`segscope-cli segment`) says no: a merge step then
  /// holds its phase, round, outcome (the accepted scheduler or the refusal) and result.
  virtual bool keepsMergeDetails() const { return true; }
};

/// Records nothing (runs where no one watches).
class NullRecorder final : public Recorder {
 public:
  void record(Step) override {}
  bool keepsSnapshots() const override { return false; }
  bool keepsMergeDetails() const override { return false; }
};

}  // namespace segscope::trace
