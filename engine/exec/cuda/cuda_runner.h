// Runs a segmented fusion on a CUDA device: generated kernels per segment (NVRTC → PTX →
// cuModuleLoadData), matmul/linear through cuBLASLt, host (expr_eval) segments on the CPU with
// their scalars passed on as kernel arguments; each segment timed with CUDA events.
// Everything device-side goes through a DriverApi table, so tests pass a fake driver.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "exec/backend.h"
#include "exec/cuda/blas_api.h"
#include "exec/cuda/codegen/kernel_plan.h"
#include "exec/cuda/driver_api.h"
#include "ir/input_spec.h"
#include "reference/cpu_reference.h"
#include "scheduler/device_profile.h"

namespace segscope::exec::cuda {

/// Turns a kernel into an image cuModuleLoadData accepts (PTX text) for an arch ("sm_90").
using ImageCompiler = std::function<Result<std::string>(const Kernel& kernel, const std::string& arch)>;
/// NVRTC (compileToPtx, with its caches); an error naming the missing toolkit in builds without it.
ImageCompiler nvrtcImageCompiler();

/// What the runner talks to. Tests replace every member.
struct CudaEnvironment {
  const DriverApi* driver = nullptr;
  ImageCompiler compile;
  /// Loaded on the first matmul/linear segment (loadBlasLt by default).
  std::function<Result<const BlasLtApi*>()> blas = loadBlasLt;
  int device = 0;
  /// The device's figures: the arch to compile for and the DRAM bandwidth the % is of.
  scheduler::DeviceProfile profile;
};

/// The real thing: the dlopen'ed driver, NVRTC, cuBLASLt and the detected profile; an error
/// (noDeviceMessage) without a usable device.
Result<CudaEnvironment> defaultCudaEnvironment(int device = 0);

struct CudaRunOptions {
  int warmup = 2;   // untimed launches per segment before the timed ones
  int repeat = 10;  // timed launches per segment (median and min reported)
  /// Overwrite a buffer of twice the L2 size before every timed launch, so a segment does not
  /// read what the previous launch left in L2 (nvFuser's benchmarks do the same).
  bool flushL2 = true;
  CodegenOptions codegen;
  ReferenceOptions reference;  // host segments and the random-number seed
};

enum class SegmentExecution { Kernels, CublasLt, Host };
/// "kernels", "cublaslt", "host": SegmentSamples::execution of a CUDA run.
std::string_view segmentExecutionName(SegmentExecution e);

struct CudaRun {
  std::vector<Value> outputs;  // the complete fusion's outputs, in order, copied back
  /// In run order; milliseconds holds each timed launch (one host run for host segments).
  std::vector<SegmentSamples> segments;
  std::int64_t peakDeviceBytes = 0;
};

class CudaRunner {
 public:
  /// Exports, plans, compiles and loads every segment for the device (`specs` are the complete
  /// fusion's input specs, which fix every size). `segmentation` must outlive the runner.
  static Result<CudaRunner> create(const segmenter::Segmentation& segmentation, const std::vector<ir::InputSpec>& specs,
                                   CudaEnvironment environment, const CudaRunOptions& options = {});
  CudaRunner(CudaRunner&&) noexcept;
  CudaRunner& operator=(CudaRunner&&) noexcept;
  ~CudaRunner();

  /// Copies the inputs to the device once, runs every segment (each warmed up and timed),
  /// frees device buffers after their last use and copies the fusion outputs back.
  Result<CudaRun> run(const std::vector<Value>& inputs) const;
  /// The same with other warm-up and repeat counts than the options'. With a `control`: advanced by (warm-up + repeat)
  /// per segment; stops between segments once cancelled.
  Result<CudaRun> run(const std::vector<Value>& inputs, const RunCounts& counts, RunControl* control = nullptr) const;

  std::size_t segmentCount() const;

  struct State;  // exports, plans, loaded modules (cuda_runner.cpp)

 private:
  explicit CudaRunner(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

}  // namespace segscope::exec::cuda
