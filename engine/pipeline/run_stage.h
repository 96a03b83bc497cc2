// The last stage, asked of a finished Session: run the segmented fusion on a backend, timed,
// and check it against the fusion as loaded. The CLI's `run` and the GUI's Run dock both come here.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "exec/cuda/codegen/codegen_options.h"
#include "exec/segment_runner.h"
#include "pipeline/session.h"

namespace segscope::pipeline {

// How CUDA kernels are generated, set by name (--codegen KEY=VALUE): the shells reach the
// code generator's options only through these.
using CodegenOptions = exec::cuda::CodegenOptions;
using CodegenOptionInfo = exec::cuda::CodegenOptionInfo;
inline const std::vector<CodegenOptionInfo>& codegenOptionList() { return exec::cuda::codegenOptionList(); }
inline Status applyCodegenOption(CodegenOptions& options, std::string_view keyEqualsValue) {
  return exec::cuda::applyCodegenOption(options, keyEqualsValue);
}
inline std::string describeCodegen(const CodegenOptions& options) { return exec::cuda::describeNonDefault(options); }

struct RunRequest {
  std::string backend = "cpu";  // "cpu" (the reference, segment by segment) or "cuda"
  std::uint64_t seed = 0;       // of the generated inputs
  exec::RunCounts counts;
  /// Compare with the unsegmented reference run of the fusion as loaded (before the passes, so
  /// that they are checked too).
  bool verify = true;
  /// How the CUDA backend generates its kernels (segscope-cli run --codegen, the Run dock).
  CodegenOptions codegen;
  /// Progress and Cancel (the GUI's Run dock polls it); null: run to the end.
  std::shared_ptr<exec::RunControl> control;
};

/// "cpu" and "cuda"; anything else is refused by runSegmented with this list.
bool knownBackend(const std::string& name);

/// Whether this machine can run the "cuda" backend (a driver and a device), and if not, why,
/// in words for a tooltip or an error.
bool cudaDeviceUsable();
std::string noCudaDeviceMessage();

/// Checks a request before any work, with a message the user can act on: the backend is known,
/// "cuda" has a device, and the counts make sense (repeat ≥ 1, warmup ≥ 0).
Status checkRunRequest(const RunRequest& request);

/// Seeded inputs for the session's specs, the backend made (CUDA: every kernel compiled), then
/// the timed run. An error for a session without a segmentation or a loaded fusion (a saved trace).
Result<exec::TimedRun> runSegmented(const Session& session, const RunRequest& request);

/// One output of a run reduced to what a report shows: its sums and extremes over the finite
/// elements, and how many are not finite (a scalar output is its own sum, min and max).
struct OutputSummary {
  std::string name;
  std::string dtype;  // "f32", ..., or "scalar"
  std::vector<std::int64_t> shape;
  double sum = 0;
  double absSum = 0;
  double min = 0, max = 0;
  std::int64_t nonFinite = 0;
};
/// `outputs` are `fusion`'s outputs in order.
std::vector<OutputSummary> summarizeOutputs(const ir::Fusion& fusion, const std::vector<exec::Value>& outputs);

/// The session's fusion run whole (not segmented) on the CPU reference, `repeat` times.
struct ReferenceRun {
  double medianMs = 0;
  std::vector<exec::Value> outputs;  // of the last run
};
/// Runs the script's fusion as the session left it: `segscope-cli run` stops the pipeline after
/// Concretize, so that is the fusion as loaded with its reshapes made concrete.
Result<ReferenceRun> runWholeOnReference(const Session& session, std::uint64_t seed, int repeat);

}  // namespace segscope::pipeline
