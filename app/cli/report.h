// Plain data that segscope-cli prints as text or JSON (JSON lives in json_report.cpp only,
// so only one translation unit pays for nlohmann/json).
#pragma once

#include <string>
#include <vector>

#include "frontend/script.h"
#include "pipeline/log_comparison.h"
#include "pipeline/why_apart.h"
#include "regions/region_comparison.h"
#include "regions/regions.h"
#include "scheduler/registry.h"
#include "segmenter/segment_export.h"
#include "segmenter/segmentation.h"
#include "trace/trace.h"

namespace segscope::cli {

struct OutputSummary {
  std::string name;
  std::string dtype;
  std::vector<std::int64_t> shape;
  double sum = 0;
  double absSum = 0;
  double min = 0, max = 0;
  std::int64_t nonFinite = 0;
};

/// One kernel launch of a CUDA segment.
struct KernelLaunchSummary {
  std::string name;
  std::int64_t grid[3] = {1, 1, 1}, block[3] = {1, 1, 1};
  std::int64_t sharedBytes = 0;
  bool unfused = false;
};

/// One segment of a segmented run (either backend).
struct SegmentRunSummary {
  int id = -1;
  std::string scheduler;
  bool host = false;
  double milliseconds = 0;  // median over the timed runs
  double minMilliseconds = 0;
  int timedRuns = 0;
  std::int64_t bytesIn = 0, bytesOut = 0;
  std::vector<std::pair<std::string, std::string>> hostScalars;  // name, value as text
  /// "cpu" (the reference), or on cuda: "kernels", "cublaslt", "host".
  std::string execution = "cpu";
  double gbps = 0;            // (bytesIn + bytesOut) / median time
  double percentOfPeak = -1;  // of the device's DRAM bandwidth; < 0 on the cpu backend
  bool fused = true;
  std::string note;  // why on the host / why unfused
  std::vector<KernelLaunchSummary> kernels;
  std::vector<std::pair<std::string, std::string>> scalarArgs;  // host scalars fed to the kernels
  double compileMilliseconds = 0;
};

struct RunSummary {
  std::string backend = "cpu";
  std::uint64_t seed = 0;
  int repeat = 1;
  int warmup = 0;
  double medianMs = 0;
  double deviceMs = 0, hostMs = 0;  // segmented runs: medianMs split into device and host time
  std::vector<OutputSummary> outputs;
  bool segmented = false;  // ran segment by segment (--verify, --chrome-trace, --backend cuda)
  std::string scalarMode;
  std::vector<SegmentRunSummary> segments;
  bool verified = false;
  bool verifyOk = true;
  double maxAbsError = 0;
  std::string verifyMessage;
  std::string device;            // cuda: the GPU's name
  double dramBandwidthGBps = 0;  // cuda: the profile's DRAM bandwidth
  std::string codegen;           // cuda: the --codegen settings that differ from the defaults
};

std::string infoJson(const frontend::Script& script, const std::string& file);
std::string scheduleJson(const scheduler::Proposal& proposal, const std::string& profile, const std::string& file);
std::string passesJson(const trace::Trace& trace, const std::string& file);
/// DESIGN §12's `segment --json` schema; `edgeBytes` holds one figure per segmentation edge.
std::string segmentJson(const segmenter::Segmentation& segmentation, const std::string& profile,
                        const std::vector<std::int64_t>& edgeBytes, std::size_t steps);
std::string runJson(const frontend::Script& script, const std::string& file, const RunSummary& run);
/// Chrome trace event JSON of a segmented run (opens in Perfetto / chrome://tracing): one
/// complete ("X") slice per segment, laid back to back in run order, each as long as its median.
std::string chromeTraceJson(const std::string& fusionName, const RunSummary& run);
/// `regions --json`: each region with its members, boundary, bytes, cost and how it sits on
/// the segmentation (`comparisons` holds one entry per region, in region order).
std::string regionsJson(const regions::RegionAnalysis& analysis,
                        const std::vector<regions::RegionComparison>& comparisons);

/// `compare-log --json`: nvFuser's final segments (as its log states them) beside Segscope's.
/// `why --json`: the sides, where each ends, the separators, whether they were tried together,
/// a finalize placement, every attempt with its deciding refusal and verdicts, the answer.
std::string whyApartJson(const pipeline::WhyApart& answer);
std::string logComparisonJson(const pipeline::LogComparison& comparison, const std::string& file);

/// The file name `export-segments` gives segment `id`'s script.
std::string segmentScriptFileName(int id);
/// index_maps.json of `export-segments`: per segment in run order, its script, scheduler,
/// and where each input comes from / each output goes in the complete fusion `fusion`.
std::string segmentIndexMapsJson(const std::vector<segmenter::SegmentExport>& exports, const ir::Fusion& fusion,
                                 const std::string& file);

}  // namespace segscope::cli
