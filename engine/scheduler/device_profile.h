// GPU properties the schedulers' run-time checks depend on, with built-in profiles.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace segscope::scheduler {

struct DeviceProfile {
  std::string name;
  int smCount = 0;
  int computeMajor = 0, computeMinor = 0;
  std::int64_t registerFileBytesPerSm = 0;
  std::int64_t sharedMemoryPerBlockOptinBytes = 0;
  double dramBandwidthGBps = 0.0;
  int maxThreadsPerSm = 0;
  int warpSize = 32;
  int maxClusterSize = 1;
  int smClockKhz = 0;  // the SM clock, for the FP32 throughput nvFuser weighs bandwidth against
  /// NVLink bandwidth per GPU and direction (GB/s): what a ring collective's steps move at.
  double interconnectGBps = 0.0;
  /// Dense BF16 tensor-core peak (TFLOP/s): the roofline of matmuls and attention.
  double tensorTflops = 0.0;
};

/// nvFuser's scheduler_utils::isHighBandwidthFlopsRatio (csrc/scheduler/utils.cpp:3279-3304):
/// DRAM bytes per second over FP32 CUDA-core flops above 0.07. True for A100 and H200, false
/// for H100. Without a clock (a hand-made profile) it is false, nvFuser's H100 answer.
bool isHighBandwidthFlopsRatio(const DeviceProfile& device);

/// h100, h200, a100.
const std::vector<DeviceProfile>& builtinProfiles();
std::optional<DeviceProfile> profileByName(std::string_view name);

}  // namespace segscope::scheduler
