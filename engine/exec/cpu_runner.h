// Runs a segmented fusion segment by segment on the CPU reference, passing values between
// segments through the export's index maps, and verifies it against the unsegmented run.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "exec/run_control.h"
#include "reference/cpu_reference.h"
#include "reference/host_tensor.h"
#include "reference/verify.h"
#include "segmenter/segment_export.h"
#include "segmenter/segmentation.h"
#include "support/result.h"

namespace segscope::exec {

struct SegmentRun {
  int segment = -1;
  double milliseconds = 0;
  std::int64_t bytesIn = 0, bytesOut = 0;  // tensor bytes read (not just measured) and written
  /// Scalar outputs of host segments, by the complete fusion's names.
  std::vector<std::pair<std::string, ir::ScalarValue>> hostScalars;
  bool host = false;
};

struct SegmentedRun {
  std::vector<Value> outputs;        // the complete fusion's outputs, in order
  std::vector<SegmentRun> segments;  // in run order
  /// The most intermediate values held at once (fusion inputs are the caller's, not counted),
  /// and their bytes: what freeing after the last consumer keeps small.
  std::size_t peakLiveValues = 0;
  std::int64_t peakLiveBytes = 0;
};

class CpuRunner {
 public:
  /// Exports every segment once; run() may then be called many times. `segmentation`
  /// (and its fusion) must outlive the runner.
  static Result<CpuRunner> create(const segmenter::Segmentation& segmentation);

  /// With a `control`, advances it by one per segment and stops between segments once cancelled.
  Result<SegmentedRun> run(const std::vector<Value>& inputs, const ReferenceOptions& options = {},
                           RunControl* control = nullptr) const;

  const std::vector<segmenter::SegmentExport>& exports() const { return exports_; }

 private:
  explicit CpuRunner(const segmenter::Segmentation& segmentation) : segmentation_(&segmentation) {}
  Result<SegmentedRun> runAll(const std::vector<Value>& inputs, const ReferenceOptions& options,
                              RunControl* control) const;

  const segmenter::Segmentation* segmentation_;
  std::vector<segmenter::SegmentExport> exports_;  // in run order
};

struct SegmentedVerification {
  SegmentedRun run;
  Comparison comparison;  // segmented outputs against the unsegmented reference
};

/// Runs the unsegmented reference and the segmented run on the same inputs and compares
/// the outputs with dtype-aware tolerances (the message names the worst element).
Result<SegmentedVerification> verifySegmented(const segmenter::Segmentation& segmentation,
                                              const std::vector<Value>& inputs, const ReferenceOptions& options = {});

}  // namespace segscope::exec
