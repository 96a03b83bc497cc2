// Running a finished session: inputs, backend, SegmentRunner.
#include "pipeline/run_stage.h"

#include "exec/cuda/cuda_backend.h"
#include "exec/cuda/driver_api.h"
#include "reference/cpu_reference.h"
#include "reference/input_generator.h"
#include "support/statistics.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace segscope::pipeline {

bool knownBackend(const std::string& name) { return name == "cpu" || name == "cuda"; }

bool cudaDeviceUsable() { return exec::cuda::driverStatus().usable(); }

std::string noCudaDeviceMessage() { return exec::cuda::noDeviceMessage(exec::cuda::driverStatus()); }

namespace {

Result<std::unique_ptr<exec::Backend>> makeCudaBackend(const segmenter::Segmentation& segmentation,
                                                       const Session& session,
                                                       const exec::cuda::CodegenOptions& codegen) {
  SEGSCOPE_TRY(exec::cuda::CudaEnvironment environment, exec::cuda::defaultCudaEnvironment());
  exec::cuda::CudaRunOptions options;
  options.codegen = codegen;
  return exec::cuda::makeCudaBackend(segmentation, session.inputs(), std::move(environment), options);
}

}  // namespace

Status checkRunRequest(const RunRequest& request) {
  if (!knownBackend(request.backend))
    return makeError("unknown backend '" + request.backend + "' (backends: cpu, cuda)");
  if (request.backend == "cuda" && !cudaDeviceUsable()) return makeError(noCudaDeviceMessage());
  if (request.counts.repeat < 1) return makeError("--repeat must be at least 1");
  if (request.counts.warmup < 0) return makeError("--warmup must not be negative");
  return {};
}

Result<exec::TimedRun> runSegmented(const Session& session, const RunRequest& request) {
  if (Status st = checkRunRequest(request); !st) return st.error();
  if (!session.segmentation || !session.loaded) return makeError("a saved trace cannot be run: open its script");
  SEGSCOPE_TRY(std::vector<exec::Value> inputs, exec::makeInputs(session.inputs(), request.seed));
  const segmenter::Segmentation& segmentation = session.segmentation->segmentation;
  Result<std::unique_ptr<exec::Backend>> backend = request.backend == "cuda"
                                                       ? makeCudaBackend(segmentation, session, request.codegen)
                                                       : exec::makeCpuBackend(segmentation);
  if (!backend) return backend.error();
  const exec::SegmentRunner runner(std::move(backend).value());
  return runner.run(inputs, request.counts, request.verify ? session.loaded.get() : nullptr, {}, request.control.get());
}

namespace {

OutputSummary summarizeOutput(const std::string& name, const exec::Value& value) {
  OutputSummary s;
  s.name = name;
  if (const auto* t = std::get_if<exec::HostTensor>(&value)) {
    s.dtype = std::string(ir::shortName(t->dtype()));
    s.shape = t->sizes();
    bool first = true;
    for (std::int64_t i = 0; i < t->numel(); ++i) {
      const double v = t->get(i);
      if (!std::isfinite(v)) {
        ++s.nonFinite;
        continue;
      }
      s.sum += v;
      s.absSum += std::abs(v);
      s.min = first ? v : std::min(s.min, v);
      s.max = first ? v : std::max(s.max, v);
      first = false;
    }
  } else {
    const double v = ir::scalarAsDouble(std::get<ir::ScalarValue>(value));
    s.dtype = "scalar";
    s.sum = s.min = s.max = v;
    s.absSum = std::abs(v);
  }
  return s;
}

}  // namespace

std::vector<OutputSummary> summarizeOutputs(const ir::Fusion& fusion, const std::vector<exec::Value>& outputs) {
  std::vector<OutputSummary> out;
  for (std::size_t i = 0; i < outputs.size() && i < fusion.outputs().size(); ++i)
    out.push_back(summarizeOutput(fusion.outputs()[i].val->name(), outputs[i]));
  return out;
}

Result<ReferenceRun> runWholeOnReference(const Session& session, std::uint64_t seed, int repeat) {
  if (!session.script.fusion) return makeError("a saved trace cannot be run: open its script");
  SEGSCOPE_TRY(std::vector<exec::Value> inputs, exec::makeInputs(session.inputs(), seed));
  ReferenceRun run;
  std::vector<double> times;
  for (int r = 0; r < std::max(repeat, 1); ++r) {
    const auto start = std::chrono::steady_clock::now();
    SEGSCOPE_TRY(run.outputs, exec::runReference(*session.script.fusion, inputs));
    times.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  run.medianMs = support::median(times);
  return run;
}

}  // namespace segscope::pipeline
