// Repeating a segmented run and reducing its times to medians.
#include "exec/timed_run.h"

#include <algorithm>
#include <chrono>

#include "exec/cpu_reference.h"
#include "exec/cuda/cuda_runner.h"
#include "support/statistics.h"

namespace segscope::exec {
namespace {

Result<Comparison> compareWithReference(const ir::Fusion& reference, const std::vector<Value>& inputs,
                                       const std::vector<Value>& outputs, const ReferenceOptions& options) {
  auto expected = runReference(reference, inputs, options);
  if (!expected) return expected.error();
  std::vector<std::string> names;
  for (const ir::FusionOutput& o : reference.outputs()) names.push_back(o.val->name());
  return compareOutputs(expected.value(), outputs, names);
}

}  // namespace

Result<TimedRun> timeSegmentedRun(const segmenter::Segmentation& segmentation, const ir::Fusion& reference,
                                  const std::vector<Value>& inputs, int repeat, const ReferenceOptions& options) {
  auto runner = SegmentRunner::create(segmentation);
  if (!runner) return runner.error();
  TimedRun out;
  out.repeat = std::max(1, repeat);
  std::vector<double> totals;
  std::vector<std::vector<double>> perSegment;
  SegmentedRun last;
  for (int r = 0; r < out.repeat; ++r) {
    const auto start = std::chrono::steady_clock::now();
    auto run = runner.value().run(inputs, options);
    totals.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    if (!run) return run.error();
    last = std::move(run.value());
    perSegment.resize(last.segments.size());
    for (std::size_t i = 0; i < last.segments.size(); ++i) perSegment[i].push_back(last.segments[i].milliseconds);
  }
  out.medianMs = support::median(totals);
  for (std::size_t i = 0; i < last.segments.size(); ++i) {
    const SegmentRun& s = last.segments[i];
    SegmentTiming t{s.segment, s.host, support::median(perSegment[i]), *std::min_element(perSegment[i].begin(), perSegment[i].end()),
                    s.bytesIn, s.bytesOut, s.hostScalars};
    out.segments.push_back(std::move(t));
  }
  auto checked = compareWithReference(reference, inputs, last.outputs, options);
  if (!checked) return checked.error();
  out.comparison = std::move(checked.value());
  return out;
}

Result<TimedRun> timeSegmentedRunOnCuda(const segmenter::Segmentation& segmentation, const std::vector<ir::InputSpec>& specs,
                                        const ir::Fusion& reference, const std::vector<Value>& inputs, int repeat) {
  auto environment = cuda::defaultCudaEnvironment();
  if (!environment) return environment.error();
  TimedRun out;
  out.backend = "cuda";
  out.device = environment.value().profile.name;
  out.dramBandwidthGBps = environment.value().profile.dramBandwidthGBps;
  out.repeat = std::max(1, repeat);
  cuda::CudaRunOptions options;
  options.repeat = out.repeat;
  auto runner = cuda::CudaRunner::create(segmentation, specs, std::move(environment.value()), options);
  if (!runner) return runner.error();
  auto run = runner.value().run(inputs);
  if (!run) return run.error();
  for (const cuda::CudaSegmentRun& s : run.value().segments) {
    out.medianMs += s.run.milliseconds;
    out.segments.push_back({s.run.segment, s.run.host, s.run.milliseconds, s.minMilliseconds, s.run.bytesIn, s.run.bytesOut,
                            s.scalarArgs.empty() ? s.run.hostScalars : s.scalarArgs});
  }
  auto checked = compareWithReference(reference, inputs, run.value().outputs, {});
  if (!checked) return checked.error();
  out.comparison = std::move(checked.value());
  return out;
}

}  // namespace segscope::exec
