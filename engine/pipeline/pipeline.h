// THE pipeline: what happens, in order, when a fusion script is opened. Both shells (CLI, GUI)
// call only this and read the Session it returns.
#pragma once

#include <functional>
#include <string>
#include <variant>

#include "passes/pass.h"
#include "pipeline/session.h"
#include "pipeline/stage_instrumentation.h"
#include "scheduler/registry.h"
#include "segmenter/segmenter.h"
#include "support/diagnostic.h"

namespace segscope::pipeline {

/// Where a running pipeline is, for a progress display.
struct Progress {
  std::string stage;      // "parsing", "pass remove_empty", "segmenter: herrmann_merge"
  std::size_t steps = 0;  // steps recorded so far
  int exprs = 0;          // exprs in the fusion after the latest step (0 while parsing)
};

/// Everything one run of the pipeline is asked to do. Travels by value: two runs on two
/// threads never share an option (nvFuser's pass flags are process-wide; these are not).
struct PipelineOptions {
  std::string profile = "h100";  // a built-in profile's name, or "detected" (the GPU's own figures)
  segmenter::SegmenterOptions segmenter;
  bool runPasses = true;
  /// NVFUSER_ENABLE / NVFUSER_DISABLE for this run, in nvFuser's spelling ("fuse_matmul",
  /// "resize_scheduler"), on top of the options the script's execute call sets. One that nvFuser
  /// has not, or that Segscope does not model, is a BadOption error.
  std::vector<std::string> enableOptions, disableOptions;
  /// Passes switched off (or on) for this run only; the passes' own flags stay the defaults.
  passes::PassSelection passes;
  /// The last stage to run: `segscope-cli passes` and `schedule` stop after the PreSegmenter.
  Stage stopAfter = Stage::Segment;
  /// Steps carry fusion and partition snapshots (what the GUI, `trace`, `why` and the diffs
  /// read). A caller that reads only the verdicts and the segmentation turns them off; the
  /// load step keeps its snapshot, which is Session::loaded.
  bool recordSnapshots = true;
  /// Merge steps carry their candidates, exprs and every scheduler's verdict. A caller that
  /// only counts merges and refusals turns them off (a tenth of a 1k-op segmentation's time).
  bool recordMergeDetails = true;
  /// Called on the pipeline's thread before parsing and after every recorded step; the
  /// receiver throttles (a 10k-op segmentation records thousands of steps).
  std::function<void(const Progress&)> onProgress;
  /// Hooks around each stage and around each pass run (the pipeline's own keep
  /// Session::stageRuns, and the passes' times, verification and snapshots): a caller's own
  /// timing, counting or printing. Shared with the caller, who reads them after the run.
  StageInstrumentations stageHooks;
  passes::PassInstrumentations passHooks;
};

/// A failure with the diagnostic the user sees (`file:line:col: error: …` + caret).
struct PipelineError {
  enum class Kind {
    Unreadable,  // the file cannot be read
    BadOption,   // an option names no profile or pass
    BadScript,   // the script does not load (the diagnostic points into it)
    Segmenting,  // the segmenter failed on a fusion that loaded
  };
  Kind kind = Kind::BadOption;
  Diagnostic diagnostic;
  /// The user's input is wrong (exit 2), as opposed to a failure of ours (exit 1).
  bool badInput() const { return kind != Kind::Segmenting; }
};

using Outcome = std::variant<Session, PipelineError>;

/// Runs the pipeline on the script text `source` (named `file` in diagnostics).
Outcome runPipeline(const std::string& file, const std::string& source, const PipelineOptions& options);
/// Reads `file`, then runs the pipeline on it.
Outcome runPipelineOnFile(const std::string& file, const PipelineOptions& options);
/// Opens a trace saved by `segscope-cli trace --json`: no stage runs again. The session gets
/// the script's text and inputs when the script named in the trace is still there.
Outcome openSavedTrace(const std::string& file);

/// Checks `options` as runPipeline does before any work: the profile, the pass names and the
/// NVFUSER_ENABLE / NVFUSER_DISABLE names. A shell about to run many fusions checks them once.
Status checkOptions(const PipelineOptions& options);

/// The profile called `name` ("detected" asks the GPU); an error the user can act on if none.
Result<scheduler::DeviceProfile> resolveProfile(const std::string& name);

/// NVFUSER_ENABLE / NVFUSER_DISABLE names as a caller gives them (PipelineOptions::enableOptions):
/// the options they set, or an error the user can act on (no such option, or one Segscope does
/// not model). A shell checks them once before a run of many fusions.
Result<scheduler::SchedulerOptions> resolveNvfuserOptions(const std::vector<std::string>& enable,
                                                          const std::vector<std::string>& disable);

/// The options Segscope models, for a menu or a usage line: {enable names, disable names}.
std::pair<std::vector<std::string>, std::vector<std::string>> modelledNvfuserOptions();

/// A pre-segmentation pass as a shell lists it (the GUI's Passes menu, --disable-pass help): its
/// name, in run order, whether it runs unless switched off, and what it does.
struct PassInfo {
  std::string name;
  bool onByDefault = true;
  std::string description;  // one line: what the pass does
};
std::vector<PassInfo> preSegmenterPassList();

/// Every scheduler's verdict on the whole fusion of a session that stopped after the passes
/// (`segscope-cli schedule`), with the session's options and profile.
Result<scheduler::Proposal> wholeFusionProposal(const Session& session);

}  // namespace segscope::pipeline
