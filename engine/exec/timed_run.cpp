// Repeating a segmented run and reducing its times to medians.
#include "exec/timed_run.h"

#include <algorithm>
#include <chrono>

#include "exec/cpu_reference.h"

namespace segscope::exec {
namespace {

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0.0 : v[v.size() / 2];
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
  out.medianMs = median(totals);
  for (std::size_t i = 0; i < last.segments.size(); ++i) {
    const SegmentRun& s = last.segments[i];
    SegmentTiming t{s.segment, s.host, median(perSegment[i]), *std::min_element(perSegment[i].begin(), perSegment[i].end()),
                    s.bytesIn, s.bytesOut, s.hostScalars};
    out.segments.push_back(std::move(t));
  }
  auto expected = runReference(reference, inputs, options);
  if (!expected) return expected.error();
  std::vector<std::string> names;
  for (const ir::FusionOutput& o : reference.outputs()) names.push_back(o.val->name());
  out.comparison = compareOutputs(expected.value(), last.outputs, names);
  return out;
}

}  // namespace segscope::exec
