// Plain data that segscope-cli prints as text or JSON (JSON lives in json_report.cpp only,
// so only one translation unit pays for nlohmann/json).
#pragma once

#include <string>
#include <vector>

#include "comparison/log_comparison.h"
#include "pipeline/exports.h"
#include "pipeline/pipeline.h"
#include "pipeline/run_stage.h"
#include "pipeline/why_apart.h"
#include "trace/trace.h"

namespace segscope::cli {

/// What `run` reports, in the engine's own types: the request it ran with, the outputs, and
/// for a segmented run (--verify, --chrome-trace, --backend cuda) the timed run and the
/// segmentation it ran (both owned by the caller).
struct RunReport {
  pipeline::RunRequest request;
  double medianMs = 0;  // the whole fusion's, or the segmented run's
  std::vector<pipeline::OutputSummary> outputs;
  const exec::TimedRun* timed = nullptr;                  // segmented runs only
  const segmenter::Segmentation* segmentation = nullptr;  // segmented runs only
  bool segmented() const { return timed && segmentation; }
};

std::string infoJson(const frontend::Script& script, const std::string& file);
std::string scheduleJson(const scheduler::Proposal& proposal, const std::string& profile, const std::string& file);
std::string passesJson(const trace::Trace& trace, const std::string& file);
/// DESIGN §12's `segment --json` schema; `edgeBytes` holds one figure per segmentation edge.
std::string segmentJson(const segmenter::Segmentation& segmentation, const std::string& profile,
                        const std::vector<std::int64_t>& edgeBytes, std::size_t steps);
std::string runJson(const frontend::Script& script, const std::string& file, const RunReport& run);
/// Chrome trace event JSON of a segmented run (opens in Perfetto / chrome://tracing): one
/// complete ("X") slice per segment, laid back to back in run order, each as long as its median.
std::string chromeTraceJson(const std::string& fusionName, const RunReport& run);
/// `regions --json`: each region with its members, boundary, bytes, cost and how it sits on
/// the segmentation (`comparisons` holds one entry per region, in region order).
std::string regionsJson(const regions::RegionAnalysis& analysis,
                        const std::vector<regions::RegionComparison>& comparisons);

/// `compare-log --json`: nvFuser's final segments (as its log states them) beside Segscope's.
/// `why --json`: the sides, where each ends, the separators, whether they were tried together,
/// a finalize placement, every attempt with its deciding refusal and verdicts, the answer.
std::string whyApartJson(const pipeline::WhyApart& answer);
std::string logComparisonJson(const comparison::LogComparison& comparison, const std::string& file);

/// The file name `export-segments` gives segment `id`'s script.
std::string segmentScriptFileName(int id);
/// index_maps.json of `export-segments`: per segment in run order, its script, scheduler,
/// and where each input comes from / each output goes in the complete fusion `fusion`.
std::string segmentIndexMapsJson(const std::vector<segmenter::SegmentExport>& exports, const ir::Fusion& fusion,
                                 const std::string& file);

}  // namespace segscope::cli
