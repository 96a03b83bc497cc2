// A segmented run repeated N times (CPU reference or CUDA backend): per-segment median and
// minimum times, bytes, host scalar values, and the check against the unsegmented reference.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "exec/segment_runner.h"
#include "exec/verify.h"

namespace segscope::exec {

struct SegmentTiming {
  int segment = -1;
  bool host = false;
  double medianMs = 0, minMs = 0;
  std::int64_t bytesIn = 0, bytesOut = 0;
  std::vector<std::pair<std::string, ir::ScalarValue>> hostScalars;  // from the last run
};

struct TimedRun {
  std::string backend = "cpu";      // "cpu" or "cuda"
  std::string device;               // the CUDA device profile's name ("" on the CPU)
  double dramBandwidthGBps = 0;     // what "% of peak" is of (CUDA only)
  int repeat = 1;
  double medianMs = 0;                 // whole segmented run
  std::vector<SegmentTiming> segments;  // in run order
  Comparison comparison;               // segmented outputs against the reference
};

/// Runs `segmentation` `repeat` times on `inputs`, then `reference` (the fusion as loaded,
/// before the passes) once, and compares outputs with dtype-aware tolerances.
Result<TimedRun> timeSegmentedRun(const segmenter::Segmentation& segmentation, const ir::Fusion& reference,
                                  const std::vector<Value>& inputs, int repeat, const ReferenceOptions& options = {});

/// The same on CUDA device 0 through exec::cuda::CudaRunner: each segment warmed up, then
/// timed `repeat` times with CUDA events. An error (the no-device message) without a GPU.
Result<TimedRun> timeSegmentedRunOnCuda(const segmenter::Segmentation& segmentation, const std::vector<ir::InputSpec>& specs,
                                        const ir::Fusion& reference, const std::vector<Value>& inputs, int repeat);

}  // namespace segscope::exec
