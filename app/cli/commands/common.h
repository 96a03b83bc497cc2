// What the commands share: running the pipeline with its diagnostics on stderr, writing an
// output file or stdout, the pass selection of --disable-pass.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cli/arguments.h"
#include "pipeline/pipeline.h"
#include "support/result.h"

namespace segscope::cli {

/// The pipeline up to `options.stopAfter`, with the diagnostics (and warnings) on stderr;
/// nullopt when the script does not load. (Commands that segment use sessionFor.)
std::optional<pipeline::Session> loadSession(const std::string& file, const pipeline::PipelineOptions& options);
pipeline::PipelineOptions upTo(pipeline::Stage stage);
/// The script as loaded and concretized (reshapes take their splits and merges from the
/// footer's sizes), before any pass.
std::optional<frontend::Script> load(const std::string& file);
/// Atomically to `path`, to stdout for "-", nowhere without a path.
Status writeOutput(const std::optional<std::string>& path, const std::string& contents);
std::string shapeText(const std::vector<std::int64_t>& shape);
/// --disable-pass NAME...: this run's pass selection (the pipeline checks the names).
passes::PassSelection passSelection(const Arguments& args);
/// --enable / --disable (nvFuser's option names; repeatable or comma-separated) into `options`.
void readNvfuserOptions(const Arguments& args, pipeline::PipelineOptions& options);
/// The load step and one step per pre-segmentation pass, through the pipeline.
std::optional<pipeline::Session> loadThroughPasses(const Arguments& args);

/// Load, passes (unless --no-passes) and segmentation through the engine's pipeline (the GUI
/// runs the same one), every step recorded in the session's trace. --profile, --scalar-mode
/// and --disable-pass are read here; on failure `exitCode` says bad input or runtime failure.
/// `details`: whether the steps carry fusion and partition snapshots and merge steps their
/// candidates and verdicts (a command that reads the segmentation and counts merges and
/// refusals leaves them out). `used` (when given) receives the options it ran with.
std::optional<pipeline::Session> sessionFor(const Arguments& args, int& exitCode, bool details = true,
                                            pipeline::PipelineOptions* used = nullptr);

}  // namespace segscope::cli
