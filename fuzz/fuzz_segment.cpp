// libFuzzer target: segment small fusions built from the fuzzer's bytes, in both scalar modes,
// and check the segmented CPU run against the unsegmented one. Any mismatch or crash aborts.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "engine/segmenter/random_fusion.h"
#include "exec/cpu_runner.h"
#include "reference/input_generator.h"
#include "scheduler/device_profile.h"
#include "segmenter/segmenter.h"
#include "trace/recorder.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace segscope;
  if (size < 2) return 0;
  std::size_t next = 1;
  const auto pick = [&](int n) { return next < size ? static_cast<int>(data[next++] % static_cast<unsigned>(n)) : 0; };
  const int ops = 1 + data[0] % 32;
  const testing::RandomFusion rf = testing::makeFusionFrom(pick, ops, "fuzzed");
  for (auto mode : {segmenter::ScalarMode::HostSegment, segmenter::ScalarMode::Duplicate}) {
    segmenter::SegmenterOptions options;
    options.scalarMode = mode;
    options.validateEachPhase = true;
    trace::NullRecorder none;
    auto result = segmenter::segmentFusion(*rf.fusion, rf.inputs, *scheduler::profileByName("h100"), options, none);
    if (!result) std::abort();  // every generated fusion is schedulable op by op
    auto inputs = exec::makeInputs(rf.inputs, 1);
    if (!inputs) std::abort();
    auto verified = exec::verifySegmented(result->segmentation, inputs.value());
    if (!verified || !verified->comparison.ok) std::abort();
  }
  return 0;
}
