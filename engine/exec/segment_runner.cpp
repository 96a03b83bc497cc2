// Reducing a backend's samples to what Segscope reports, and the verify step.
#include "exec/segment_runner.h"

#include <algorithm>

#include "support/statistics.h"

namespace segscope::exec {

SegmentTiming reduceSamples(SegmentSamples samples, double peakGBps) {
  SegmentTiming t;
  t.timedRuns = static_cast<int>(samples.milliseconds.size());
  if (!samples.milliseconds.empty()) {
    t.medianMs = support::median(samples.milliseconds);
    t.minMs = *std::min_element(samples.milliseconds.begin(), samples.milliseconds.end());
  }
  if (t.medianMs > 0) t.gbps = static_cast<double>(samples.bytesIn + samples.bytesOut) / (t.medianMs * 1e6);
  if (samples.onDevice() && peakGBps > 0) t.percentOfPeak = 100.0 * t.gbps / peakGBps;
  t.samples = std::move(samples);
  return t;
}

Result<TimedRun> SegmentRunner::run(const std::vector<Value>& inputs, const RunCounts& counts,
                                    const ir::Fusion* reference, const ReferenceOptions& referenceOptions,
                                    RunControl* control) const {
  if (counts.repeat < 1 || counts.warmup < 0) return makeError("repeat must be at least 1 and warm-up not negative");
  if (control)
    control->setTotal(static_cast<std::int64_t>(backend_->segmentCount()) *
                      (counts.warmup + counts.repeat + (reference ? 1 : 0)));
  SEGSCOPE_TRY(BackendRun ran, backend_->run(inputs, counts, control));
  if (stopRequested(control)) return cancelledError();
  TimedRun out;
  out.backend = backend_->info();
  out.counts = counts;
  // A time budget may have stopped the CPU's timed runs early: report how many ran.
  if (!ran.segments.empty() && counts.budgetMs > 0)
    out.counts.repeat = static_cast<int>(ran.segments.front().milliseconds.size());
  for (SegmentSamples& s : ran.segments) {
    const bool device = s.onDevice();
    out.segments.push_back(reduceSamples(std::move(s), out.backend.dramBandwidthGBps));
    out.medianMs += out.segments.back().medianMs;
    (device ? out.deviceMs : out.hostMs) += out.segments.back().medianMs;
  }
  out.outputs = std::move(ran.outputs);
  if (reference) {
    SEGSCOPE_TRY(BoundedOutputs expected, runReferenceBounded(*reference, inputs, referenceOptions));
    std::vector<std::string> names;
    for (const ir::FusionOutput& o : reference->outputs()) names.push_back(o.val->name());
    out.comparison = compareOutputs(expected.outputs, out.outputs, names, expected.bounds);
    if (control) control->advance(static_cast<std::int64_t>(backend_->segmentCount()));
  }
  return out;
}

}  // namespace segscope::exec
