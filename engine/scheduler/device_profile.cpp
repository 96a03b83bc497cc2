// Built-in device profiles (numbers from the vendors' data sheets).
#include "scheduler/device_profile.h"

namespace segscope::scheduler {
namespace {

constexpr std::int64_t kKiB = 1024;

DeviceProfile hopper(std::string name, double bandwidth) {
  return DeviceProfile{std::move(name), 132, 9, 0, 256 * kKiB, 227 * kKiB, bandwidth, 2048, 32, 8};
}

}  // namespace

const std::vector<DeviceProfile>& builtinProfiles() {
  static const std::vector<DeviceProfile> profiles{
      hopper("h100", 3350.0),
      hopper("h200", 4800.0),
      // Ampere has no thread-block clusters, so the cluster size is 1.
      DeviceProfile{"a100", 108, 8, 0, 256 * kKiB, 163 * kKiB, 2039.0, 2048, 32, 1},
  };
  return profiles;
}

std::optional<DeviceProfile> profileByName(std::string_view name) {
  for (const DeviceProfile& p : builtinProfiles())
    if (p.name == name) return p;
  return std::nullopt;
}

}  // namespace segscope::scheduler
