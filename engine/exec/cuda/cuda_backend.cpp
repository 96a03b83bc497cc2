// CudaBackend: a CudaRunner with the device's name and DRAM peak, as an exec::Backend.
#include "exec/cuda/cuda_backend.h"

#include <array>

namespace segscope::exec::cuda {
namespace {

std::string deviceName(const CudaEnvironment& env) {
  CUdevice device = 0;
  std::array<char, 256> name{};
  if (env.driver->cuDeviceGet(&device, env.device) != 0 ||
      env.driver->cuDeviceGetName(name.data(), static_cast<int>(name.size()), device) != 0)
    return "CUDA device " + std::to_string(env.device);
  return name.data();
}

class CudaBackend final : public Backend {
 public:
  CudaBackend(CudaRunner runner, BackendInfo info) : runner_(std::move(runner)), info_(std::move(info)) {}

  const BackendInfo& info() const override { return info_; }
  std::size_t segmentCount() const override { return runner_.segmentCount(); }

  Result<BackendRun> run(const std::vector<Value>& inputs, const RunCounts& counts,
                         RunControl* control) const override {
    SEGSCOPE_TRY(CudaRun ran, runner_.run(inputs, counts, control));
    return BackendRun{std::move(ran.outputs), std::move(ran.segments)};
  }

 private:
  CudaRunner runner_;
  BackendInfo info_;
};

}  // namespace

Result<std::unique_ptr<Backend>> makeCudaBackend(const segmenter::Segmentation& segmentation,
                                                 const std::vector<ir::InputSpec>& specs, CudaEnvironment environment,
                                                 const CudaRunOptions& options) {
  if (!environment.driver) return makeError("cuda backend: no driver");
  BackendInfo info{"cuda", deviceName(environment), environment.profile.dramBandwidthGBps};
  SEGSCOPE_TRY(CudaRunner runner, CudaRunner::create(segmentation, specs, std::move(environment), options));
  return std::unique_ptr<Backend>(std::make_unique<CudaBackend>(std::move(runner), std::move(info)));
}

Result<std::unique_ptr<Backend>> makeCudaBackend(const segmenter::Segmentation& segmentation,
                                                 const std::vector<ir::InputSpec>& specs) {
  SEGSCOPE_TRY(CudaEnvironment environment, defaultCudaEnvironment());
  return makeCudaBackend(segmentation, specs, std::move(environment));
}

}  // namespace segscope::exec::cuda
