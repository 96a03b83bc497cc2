// Grid outer normalization launch search (see grid_outer_normalization.h).
#include "scheduler/grid_outer_normalization.h"

#include <algorithm>
#include <cmath>
#include <tuple>
#include <utility>
#include <vector>

namespace segscope::scheduler::normalization {
namespace {

std::int64_t ceilDiv(std::int64_t a, std::int64_t b) { return (a + b - 1) / b; }

constexpr std::int64_t kMaxRegistersPerThread = 255;  // csrc/scheduler/utils.h:48
constexpr std::int64_t kRegisterOverhead = 40;        // csrc/scheduler/utils.h:47

// csrc/scheduler/normalization_utils.h:39 PreferredLaunchConfig.
class LaunchConfig {
 public:
  static constexpr int kMinBdimx = 8, kMaxBdimx = 16;

  explicit LaunchConfig(int smCount) {
    // initValidGdims (normalization_utils.cpp:76-97): gridDim.y from 2 to sqrt(SMs), then the
    // same pairs swapped in reverse.
    const int half = static_cast<int>(std::sqrt(static_cast<float>(smCount)));
    for (int gdimy = 2; gdimy <= half; ++gdimy) dims_.emplace_back(smCount / gdimy, gdimy);
    std::vector<std::pair<int, int>> latter(dims_.rbegin(), dims_.rend());
    for (const auto& [x, y] : latter)
      if (x != y) dims_.emplace_back(y, x);
    valid_ = !dims_.empty();
    setBdimx(kMaxBdimx);
  }

  int bdimx() const { return bdimx_; }
  int bdimy() const { return bdimy_; }
  int gdimx() const { return dims_[static_cast<std::size_t>(pos_)].first; }
  int gdimy() const { return dims_[static_cast<std::size_t>(pos_)].second; }
  bool isInvalid() const { return !valid_; }
  bool isNextSmallerBdimx() const { return pos_ + 1 == static_cast<int>(dims_.size()); }
  bool canLowerBdimx() const { return bdimx_ > kMinBdimx; }
  int peekNextGdimx() const {
    return pos_ + 1 < static_cast<int>(dims_.size()) ? dims_[static_cast<std::size_t>(pos_ + 1)].first : -1;
  }

  bool moveToNextConfig() {
    if (pos_ + 1 < static_cast<int>(dims_.size())) {
      ++pos_;
      return true;
    }
    if (moveToNextBdim()) return true;
    valid_ = false;
    return false;
  }

  bool moveToNextBdim() {
    if (setBdimx(bdimx_ / 2)) {
      pos_ = 0;
      return true;
    }
    valid_ = false;
    return false;
  }

 private:
  bool setBdimx(int bdimx) {
    if (bdimx < kMinBdimx || bdimx > kMaxBdimx) return false;
    bdimx_ = bdimx;
    bdimy_ = 256 / bdimx;
    return true;
  }

  std::vector<std::pair<int, int>> dims_;
  int pos_ = 0, bdimx_ = 0, bdimy_ = 0;
  bool valid_ = true;
};

std::int64_t minPersistentBufferSize(std::int64_t totalReduction, std::int64_t bdimy, std::int64_t gdimy) {
  return ceilDiv(ceilDiv(totalReduction, bdimy), gdimy);
}

// checkIfWithinRegisterSpace (normalization_utils.cpp:171-225).
bool withinRegisterSpace(std::int64_t totalReduction, std::int64_t bufferBits, std::int64_t vectorize,
                         std::int64_t bdimy, std::int64_t gdimy) {
  const std::int64_t pbFactor = minPersistentBufferSize(totalReduction, bdimy, gdimy);
  const std::int64_t available = kMaxRegistersPerThread - kRegisterOverhead + 5 - pbFactor;
  const std::int64_t perThreadBits = ceilDiv(ceilDiv(bufferBits, bdimy), gdimy) * vectorize;
  return ceilDiv(perThreadBits, 32) <= available;
}

double lastBlockWorkRatio(std::int64_t totalReduction, std::int64_t bdimy, std::int64_t bufferFactor) {
  const std::int64_t lastBlock = totalReduction % (bufferFactor * bdimy) / bdimy;
  return static_cast<double>(lastBlock) / static_cast<double>(bufferFactor);
}

// reduceWorkOfLastBlock (normalization_utils.cpp:260-380): {gdimy, buffer factor, reduced};
// nullopt when the search should move to the next configuration.
std::optional<std::tuple<std::int64_t, std::int64_t, bool>> reduceWorkOfLastBlock(const LaunchConfig& cfg,
                                                                                  std::int64_t totalReduction,
                                                                                  std::int64_t totalIteration,
                                                                                  std::int64_t bufferBits,
                                                                                  std::int64_t vectorize) {
  const std::int64_t bdimy = cfg.bdimy();
  constexpr double kTarget = 0.25;
  std::int64_t gdimy = cfg.gdimy();
  std::int64_t size = minPersistentBufferSize(totalReduction, bdimy, gdimy);
  const auto minGdimy = static_cast<std::int64_t>(static_cast<double>(gdimy) * 0.9);
  std::int64_t bestSize = size, bestGdimy = gdimy;
  double bestRatio = lastBlockWorkRatio(totalReduction, bdimy, size);
  while (gdimy >= minGdimy && withinRegisterSpace(totalReduction, bufferBits, vectorize, bdimy, gdimy)) {
    const double ratio = lastBlockWorkRatio(totalReduction, bdimy, size);
    if (ratio < bestRatio) {
      bestRatio = ratio;
      bestSize = size;
      bestGdimy = gdimy;
    }
    if (ratio < kTarget) break;
    ++size;
    gdimy = ceilDiv(ceilDiv(totalReduction, bdimy), size);
  }
  if (bestRatio < kTarget) return std::make_tuple(bestGdimy, bestSize, true);
  const int nextGdimx = cfg.peekNextGdimx();
  if (nextGdimx < 0) return std::make_tuple(bestGdimy, bestSize, false);
  if (nextGdimx > 0) {
    const std::int64_t remaining = ceilDiv(ceilDiv(totalIteration, vectorize), cfg.bdimx());
    if (ceilDiv(remaining, nextGdimx) > ceilDiv(remaining, cfg.gdimx()))
      return std::make_tuple(bestGdimy, bestSize, false);
  }
  return std::nullopt;
}

}  // namespace

std::optional<GridOuterLaunch> gridOuterNormalizationParams(std::int64_t totalReductionNumel,
                                                            std::int64_t totalIterationNumel, std::int64_t vectorize,
                                                            std::int64_t bufferBits, const DeviceProfile& device) {
  LaunchConfig cfg(device.smCount);
  const std::int64_t maxBdimx = ceilDiv(totalIterationNumel, vectorize);
  while (cfg.bdimx() > maxBdimx)
    if (!cfg.moveToNextBdim()) return std::nullopt;
  while (!cfg.isInvalid()) {
    const std::int64_t remainingGdimx = ceilDiv(totalIterationNumel / vectorize, cfg.bdimx());
    if (remainingGdimx > cfg.gdimx() && remainingGdimx % cfg.gdimx() != 0 && !cfg.isNextSmallerBdimx()) {
      cfg.moveToNextConfig();  // uneven iteration domain
      continue;
    }
    if (!withinRegisterSpace(totalReductionNumel, bufferBits, vectorize, cfg.bdimy(), cfg.gdimy())) {
      cfg.moveToNextConfig();  // would spill
      continue;
    }
    if (remainingGdimx < cfg.gdimx()) {
      cfg.moveToNextConfig();  // idle blocks
      continue;
    }
    if (vectorize * cfg.bdimx() * cfg.gdimx() > totalIterationNumel && cfg.canLowerBdimx()) {
      cfg.moveToNextBdim();  // idle threads
      continue;
    }
    std::int64_t gdimy = cfg.gdimy();
    std::int64_t factor = minPersistentBufferSize(totalReductionNumel, cfg.bdimy(), gdimy);
    if (device.computeMajor != 7 || device.computeMinor != 5) {
      const auto adjusted = reduceWorkOfLastBlock(cfg, totalReductionNumel, totalIterationNumel, bufferBits, vectorize);
      if (!adjusted) {
        cfg.moveToNextConfig();
        continue;
      }
      gdimy = std::get<0>(*adjusted);
      factor = std::get<1>(*adjusted);
    }
    return GridOuterLaunch{cfg.gdimx(), gdimy, cfg.bdimx(), cfg.bdimy(), factor};
  }
  return std::nullopt;
}

}  // namespace segscope::scheduler::normalization
