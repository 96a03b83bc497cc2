// The one segmented run both shells ask for, whatever the backend: warm-up and repeat, the one
// median Segscope reports, bandwidth, and the check against the unsegmented reference.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "exec/backend.h"
#include "reference/verify.h"

namespace segscope::exec {

/// One segment over all its timed runs.
struct SegmentTiming {
  SegmentSamples samples;  // what the backend measured (hostScalars, kernels, note, ...)
  double medianMs = 0, minMs = 0;
  int timedRuns = 0;
  double gbps = 0;            // (bytesIn + bytesOut) / median time
  double percentOfPeak = -1;  // of the device's DRAM bandwidth; < 0 off the device
  int segment() const { return samples.segment; }
};

struct TimedRun {
  BackendInfo backend;
  RunCounts counts;
  /// The segmented run's time: the sum of its segments' medians, on every backend.
  double medianMs = 0;
  /// The part of it spent on the device (kernels, cuBLASLt) and on the host (host segments'
  /// CPU time, evaluated once per run): a comparison of GPU time reads deviceMs alone.
  double deviceMs = 0, hostMs = 0;
  std::vector<SegmentTiming> segments;  // in run order
  std::vector<Value> outputs;           // the complete fusion's outputs, from the last run
  /// Segmented outputs against the unsegmented reference; absent when not asked for.
  std::optional<Comparison> comparison;
};

class SegmentRunner {
 public:
  explicit SegmentRunner(std::unique_ptr<Backend> backend) : backend_(std::move(backend)) {}

  const BackendInfo& info() const { return backend_->info(); }

  /// Runs every segment (counts.warmup untimed, counts.repeat timed) and, with a `reference`
  /// (the fusion as loaded, before the passes, so they are checked too), compares the outputs
  /// with its unsegmented CPU reference run with dtype-aware tolerances.
  /// With a `control`, its total is set to segments × (warm-up + repeat + 1 with a reference)
  /// and the run stops with cancelledError() between segments once it is cancelled.
  Result<TimedRun> run(const std::vector<Value>& inputs, const RunCounts& counts, const ir::Fusion* reference = nullptr,
                       const ReferenceOptions& referenceOptions = {}, RunControl* control = nullptr) const;

 private:
  std::unique_ptr<Backend> backend_;
};

/// The median and minimum of a segment's samples, its bandwidth and share of `peakGBps`.
SegmentTiming reduceSamples(SegmentSamples samples, double peakGBps);

}  // namespace segscope::exec
