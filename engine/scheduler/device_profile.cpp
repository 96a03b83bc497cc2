// Built-in device profiles (numbers from the vendors' data sheets).
#include "scheduler/device_profile.h"

namespace segscope::scheduler {
namespace {

constexpr std::int64_t kKiB = 1024;

// SXM parts at their boost clocks (H100/H200 1,980 MHz, A100 1,410 MHz). NVLink: 18 links of
// NVLink 4 on Hopper (900 GB/s both directions, 450 each way), 12 of NVLink 3 on A100 (600,
// 300 each way). Dense BF16 tensor-core peaks from the data sheets: 989 TFLOP/s (H100 and H200
// SXM), 312 (A100).
DeviceProfile hopper(std::string name, double bandwidth) {
  return DeviceProfile{std::move(name), 132,   9,    0, 256 * kKiB, 227 * kKiB, bandwidth, 2048, 32, 8,
                       1'980'000,       450.0, 989.0};
}

// csrc/scheduler/utils.cpp:3257-3271 getCoresPerSM: FP32 cores per SM by compute capability,
// 128 for anything not listed.
int coresPerSm(int major, int minor) {
  switch ((major << 4) + minor) {
    case 0x30:
    case 0x32:
    case 0x35:
    case 0x37: return 192;
    case 0x60:
    case 0x70:
    case 0x72:
    case 0x75:
    case 0x80: return 64;
    default: return 128;
  }
}

}  // namespace

const std::vector<DeviceProfile>& builtinProfiles() {
  static const std::vector<DeviceProfile> profiles{
      hopper("h100", 3350.0),
      hopper("h200", 4800.0),
      // Ampere has no thread-block clusters, so the cluster size is 1.
      DeviceProfile{"a100", 108, 8, 0, 256 * kKiB, 163 * kKiB, 2039.0, 2048, 32, 1, 1'410'000, 300.0, 312.0},
  };
  return profiles;
}

bool isHighBandwidthFlopsRatio(const DeviceProfile& device) {
  constexpr double kReferenceRatio = 0.07;
  const double flops = static_cast<double>(device.smClockKhz) * 1e3 * device.smCount *
                       coresPerSm(device.computeMajor, device.computeMinor) * 2.0;  // an FMA is two
  if (flops <= 0.0) return false;
  return device.dramBandwidthGBps * 1e9 / flops > kReferenceRatio;
}

std::optional<DeviceProfile> profileByName(std::string_view name) {
  for (const DeviceProfile& p : builtinProfiles())
    if (p.name == name) return p;
  return std::nullopt;
}

}  // namespace segscope::scheduler
