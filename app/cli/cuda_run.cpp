// The CUDA runner behind `run --backend cuda`.
#include "cli/cuda_run.h"

#include <array>

#include "exec/cuda/cuda_runner.h"

namespace segscope::cli {
namespace {

std::string deviceName(const exec::cuda::CudaEnvironment& env) {
  exec::cuda::CUdevice device = 0;
  std::array<char, 256> name{};
  if (env.driver->cuDeviceGet(&device, env.device) != 0 ||
      env.driver->cuDeviceGetName(name.data(), static_cast<int>(name.size()), device) != 0)
    return "CUDA device " + std::to_string(env.device);
  return name.data();
}

SegmentRunSummary summarize(const segmenter::Segment& seg, const exec::cuda::CudaSegmentRun& r, double peakGBps) {
  SegmentRunSummary s;
  s.id = seg.id;
  s.scheduler = std::string(scheduler::schedulerName(seg.scheduler));
  s.host = seg.host;
  s.milliseconds = r.run.milliseconds;
  s.minMilliseconds = r.minMilliseconds;
  s.timedRuns = r.timedLaunches;
  s.bytesIn = r.run.bytesIn;
  s.bytesOut = r.run.bytesOut;
  for (const auto& [name, value] : r.run.hostScalars) s.hostScalars.emplace_back(name, ir::formatScalarValue(value));
  for (const auto& [name, value] : r.scalarArgs) s.scalarArgs.emplace_back(name, ir::formatScalarValue(value));
  s.execution = std::string(exec::cuda::segmentExecutionName(r.execution));
  const bool onDevice = r.execution != exec::cuda::SegmentExecution::Host;
  if (s.milliseconds > 0) s.gbps = static_cast<double>(s.bytesIn + s.bytesOut) / (s.milliseconds * 1e6);
  s.percentOfPeak = onDevice && peakGBps > 0 ? 100.0 * s.gbps / peakGBps : -1;
  s.fused = r.fused;
  s.note = r.note;
  s.compileMilliseconds = r.compileMilliseconds;
  for (const exec::cuda::KernelLaunch& k : r.kernels) {
    KernelLaunchSummary l;
    l.name = k.name;
    l.grid[0] = k.launch.grid.x, l.grid[1] = k.launch.grid.y, l.grid[2] = k.launch.grid.z;
    l.block[0] = k.launch.block.x, l.block[1] = k.launch.block.y, l.block[2] = k.launch.block.z;
    l.sharedBytes = k.launch.sharedBytes;
    l.unfused = k.unfused;
    s.kernels.push_back(std::move(l));
  }
  return s;
}

}  // namespace

Result<std::vector<exec::Value>> runSegmentsOnCuda(const pipeline::Session& p, const std::vector<exec::Value>& inputs,
                                                   RunSummary& summary) {
  SEGSCOPE_TRY(exec::cuda::CudaEnvironment env, exec::cuda::defaultCudaEnvironment());
  exec::cuda::CudaRunOptions options;
  options.repeat = summary.repeat;
  options.warmup = summary.warmup;
  const segmenter::Segmentation& seg = p.segmentation->segmentation;
  SEGSCOPE_TRY(exec::cuda::CudaRunner runner, exec::cuda::CudaRunner::create(seg, p.script.inputs, env, options));
  SEGSCOPE_TRY(exec::cuda::CudaRun run, runner.run(inputs));
  summary.device = deviceName(env);
  summary.dramBandwidthGBps = env.profile.dramBandwidthGBps;
  summary.medianMs = 0;
  for (const exec::cuda::CudaSegmentRun& r : run.segments) {
    summary.segments.push_back(summarize(seg.segments[static_cast<std::size_t>(r.run.segment)], r, env.profile.dramBandwidthGBps));
    summary.medianMs += r.run.milliseconds;
  }
  return std::move(run.outputs);
}

}  // namespace segscope::cli
