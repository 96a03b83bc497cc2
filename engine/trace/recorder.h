// The engine's only way to report progress: passes and the segmenter hand Steps to a
// Recorder; the CLI, the GUI and the tests read the resulting Trace.
#pragma once

#include "trace/step.h"

namespace segscope::trace {

class Recorder {
 public:
  virtual ~Recorder() = default;
  virtual void record(Step step) = 0;
};

/// Records nothing (runs where no one watches).
class NullRecorder final : public Recorder {
 public:
  void record(Step) override {}
};

}  // namespace segscope::trace
