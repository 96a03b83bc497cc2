// Text for numbers people read: byte counts and durations, written one way everywhere (CLI,
// graph labels, GUI docks, scheduler reasons).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace segscope::support {

/// "1.5 MiB": the largest binary unit with one decimal ("512 B" below a KiB). For labels,
/// tables and tooltips.
std::string bytesText(std::int64_t bytes);

/// "227 KiB" when the count is a whole number of MiB or KiB, else "1.5 KiB" or "512 B": for
/// limits and buffer sizes that should read exactly (scheduler reasons).
std::string exactBytesText(std::int64_t bytes);

/// "12.34 us" under a millisecond (region costs at DRAM bandwidth would read 0.000 ms),
/// "1.234 ms" above. `micro` is the unit written for microseconds ("us", or "µs" on screen).
std::string durationText(double ms, std::string_view micro = "us");

}  // namespace segscope::support
