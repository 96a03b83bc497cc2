// nvFuser's launch-configuration search for grid-persistent outer normalizations.
#pragma once

#include <cstdint>
#include <optional>

#include "scheduler/device_profile.h"

namespace segscope::scheduler::normalization {

/// The launch configuration getGridOuterNormalizationParams settles on.
struct GridOuterLaunch {
  std::int64_t gdimx = 0, gdimy = 0, bdimx = 0, bdimy = 0;
  std::int64_t persistentBufferFactor = 0;
};

/// csrc/scheduler/normalization_utils.cpp:430-540 getGridOuterNormalizationParams: walk the
/// preferred launch configurations (blockDim.x 16 then 8, 256 threads; gridDim pairs from the
/// SM count) until one keeps the per-thread share of the buffer within the registers
/// (checkIfWithinRegisterSpace, :195) and divides the iterations evenly enough. Nullopt when
/// none does. `bufferBits` is one column's persistent buffer, in bits.
std::optional<GridOuterLaunch> gridOuterNormalizationParams(std::int64_t totalReductionNumel,
                                                            std::int64_t totalIterationNumel, std::int64_t vectorize,
                                                            std::int64_t bufferBits, const DeviceProfile& device);

}  // namespace segscope::scheduler::normalization
