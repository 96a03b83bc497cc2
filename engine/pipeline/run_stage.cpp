// Running a finished session: inputs, backend, SegmentRunner.
#include "pipeline/run_stage.h"

#include "exec/cuda/cuda_backend.h"
#include "exec/cuda/driver_api.h"
#include "exec/input_generator.h"

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

Result<exec::TimedRun> runSegmented(const Session& session, const RunRequest& request) {
  if (!knownBackend(request.backend))
    return makeError("unknown backend '" + request.backend + "' (backends: cpu, cuda)");
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

}  // namespace segscope::pipeline
