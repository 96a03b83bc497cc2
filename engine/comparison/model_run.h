// A whole model run in one table: every fusion of the run segmented by Segscope, beside what
// nvFuser's own output says of it (segscope-cli model, File ▸ Open model run…).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "comparison/segment_definitions.h"
#include "graph/graph_model.h"
#include "model/run_reader.h"
#include "pipeline/session.h"

namespace segscope::comparison {

struct ModelRunOptions {
  std::string profile = "h100";
  /// NVFUSER_ENABLE / NVFUSER_DISABLE for every fusion (PipelineOptions::enableOptions).
  std::vector<std::string> enableOptions, disableOptions;
  int jobs = 0;  // fusions segmented at once; 0: every core
  /// Fusions up to this many exprs record every verdict (why a fusion was split, nvFuser's
  /// candidates lined up); larger ones record outcomes only, which is far faster for stacks.
  int detailedUpTo = 1500;
  /// Called after each fusion, from the worker that finished it (done, total).
  std::function<void(std::size_t, std::size_t)> onProgress;
  /// Checked between fusions: true stops the run; the rows not reached say so.
  const std::atomic<bool>* cancel = nullptr;
};

/// What nvFuser's output states of one fusion.
struct NvFuserView {
  int segments = 0;
  std::vector<std::string> schedulers;  // sorted; empty where the source names none
  double kernelMs = -1;                 // the sum of its kernels' median times; -1: no profiler output
  /// Every final group is known with its scheduler (segmented_fusion's groups); false for a count
  /// from python_definition_segments alone or a dump cut short.
  bool complete = false;
  std::string source;   // "segmented_fusion", "segmenter_logging", "python_definition_segments"
  int runtimes = 0;     // FusionKernelRuntimes dumped for it (new input sizes make new ones)
  std::string splitBy;  // reason class of its whole-fusion refusal (see ModelFusionRow::splitBy)
  /// Where the source is python_definition_segments: each segment's def lined up with Segscope's
  /// segments op by op.
  std::vector<SegmentDefinitionMatch> definitions;
};

struct ModelFusionRow {
  std::string name;
  std::string key;   // model::FusionEntry::key: how two runs' rows are matched
  std::string kind;  // model::entryKindName
  std::string file;
  int line = 0;
  int occurrences = 1;
  int ops = 0;
  bool loaded = false;
  int segments = 0;                     // Segscope's, host scalar segments not counted (as survey)
  std::vector<std::string> schedulers;  // sorted, host scalar segments left out
  std::string diagnostic;               // file:line:col: error, when it did not load or segment
  std::vector<std::string> warnings;    // e.g. sizes made up for a definition without a footer
  /// Where the input sizes came from: "footer" (a repro's inputs), "static" (no footer, and the
  /// definition's tensors have no open size), "definition" (no footer, and the definition fixed
  /// some open sizes: scheduler/input_sizes.h) or "default" (every open size made up); the
  /// warnings say which dims and why.
  std::string sizes;
  std::optional<NvFuserView> nvfuser;
  std::optional<bool> agree;       // set when nvFuser's view is complete enough to compare
  std::string divergence;          // the first place the two disagree, in one phrase
  std::int64_t boundaryBytes = 0;  // bytes of the values crossing segment boundaries
  int mergeAttempts = 0;
  int mergesRefused = 0;
  double milliseconds = 0;
  /// Reason class (pipeline/reason_classes.h) of the refusal that split the fusion: the
  /// whole-fusion verdict of the scheduler that took its largest segment. Empty when one segment.
  std::string splitBy;
};

struct ReasonCount {
  std::string reason;  // class id
  std::string title;
  int segscope = 0;               // fusions Segscope split for it
  int nvfuser = 0;                // fusions nvFuser's log says it split for it
  std::vector<std::size_t> rows;  // the rows behind the bar (either side)
};

struct ModelRunReport {
  std::vector<std::string> files;
  std::vector<ModelFusionRow> rows;  // in the run's order
  std::vector<Diagnostic> diagnostics;
  std::vector<ReasonCount> reasons;  // most common first
  bool cancelled = false;
  // Totals.
  int loaded = 0, segments = 0, nvfuserSegments = 0, withNvFuser = 0, agreeing = 0, differing = 0;
  double milliseconds = 0;
};

/// Reads the inputs (files and folders) as one run: model::readModelRun, for the shells.
Result<model::ModelRun> readModelRun(const std::vector<std::string>& paths);

/// Segments every fusion of `run` (in parallel, rows in the run's order) and lines each up with
/// nvFuser's output for it.
ModelRunReport analyzeModelRun(const model::ModelRun& run, const ModelRunOptions& options);

/// What changed for one fusion between two runs (two nvFuser versions, GPUs or model commits).
struct RunChange {
  enum class Kind { Changed, OnlyNow, OnlyBefore };
  Kind kind = Kind::Changed;
  std::string name;               // this run's name (the earlier run's for OnlyBefore)
  std::string before;             // the earlier run's name for it (ids differ between runs)
  std::string source;             // where this run has it (file:line)
  std::vector<std::string> what;  // "nvFuser segments 2 -> 3", "kernel time 0.100 -> 0.150 ms", ...
};

/// The fusions of `now` and `before` matched by structure (ModelFusionRow::key, in order where
/// a structure repeats) and what changed: nvFuser's segment count, schedulers or kernel time
/// (beyond `timeTolerance`, relative) where both runs have nvFuser's output, Segscope's count
/// and schedulers where neither has; and the fusions only one run has.
std::vector<RunChange> compareRuns(const std::vector<ModelFusionRow>& now, const std::vector<ModelFusionRow>& before,
                                   double timeTolerance = 0.10);

/// What a row of a fusion dumped without its definition says instead of a segmentation.
inline constexpr std::string_view kDumpOnly =
    "no definition in the input, so nothing to segment: nvFuser's view only (its printed groups)";

/// nvFuser's printed segmentation of a fusion (its last runtime that printed segmented_fusion),
/// drawn as graph::buildNvFuserView does; null when no runtime printed its groups.
std::optional<graph::GraphModel> nvFuserViewOf(const model::FusionEntry& entry);

/// One fusion of a run opened in the debugger: its whole pipeline with every verdict and
/// snapshot, and nvFuser's output for it as a log compare-log reads.
struct OpenedFusion {
  pipeline::SessionPtr session;
  std::optional<nvlog::NvLog> log;  // null when the run holds no nvFuser output for it
};
Result<OpenedFusion> openModelFusion(const model::FusionEntry& entry, const std::string& profile);

}  // namespace segscope::comparison
