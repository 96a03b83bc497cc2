// Byte counts and durations as text.
#include "support/text.h"

#include <cstdio>

namespace segscope::support {

std::string bytesText(std::int64_t bytes) {
  const char* units[] = {"B", "KiB", "MiB", "GiB"};
  double v = static_cast<double>(bytes);
  int u = 0;
  while (v >= 1024 && u < 3) {
    v /= 1024;
    ++u;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, u ? "%.1f %s" : "%.0f %s", v, units[u]);
  return buf;
}

std::string exactBytesText(std::int64_t bytes) {
  constexpr std::int64_t kKiB = 1024, kMiB = 1024 * 1024;
  char buf[48];
  if (bytes >= kMiB && bytes % kMiB == 0)
    std::snprintf(buf, sizeof buf, "%lld MiB", static_cast<long long>(bytes / kMiB));
  else if (bytes >= kKiB && bytes % kKiB == 0)
    std::snprintf(buf, sizeof buf, "%lld KiB", static_cast<long long>(bytes / kKiB));
  else if (bytes >= kKiB)
    std::snprintf(buf, sizeof buf, "%.1f KiB", static_cast<double>(bytes) / kKiB);
  else
    std::snprintf(buf, sizeof buf, "%lld B", static_cast<long long>(bytes));
  return buf;
}

std::string durationText(double ms, std::string_view micro) {
  char buf[48];
  if (ms < 1.0)
    std::snprintf(buf, sizeof buf, "%.2f %.*s", ms * 1e3, static_cast<int>(micro.size()), micro.data());
  else
    std::snprintf(buf, sizeof buf, "%.3f ms", ms);
  return buf;
}

}  // namespace segscope::support
