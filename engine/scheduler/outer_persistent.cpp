// OuterPersistent: outer-dim normalizations (batch norm) that keep columns on chip.
#include <algorithm>

#include "scheduler/grid_outer_normalization.h"
#include "scheduler/normalization.h"
#include "scheduler/reduction_properties.h"
#include "scheduler/schedulers.h"
#include "support/text.h"

namespace segscope::scheduler::outer_persistent {
namespace {

constexpr std::int64_t kMinBdimx = 8;  // PreferredLaunchConfig::kMinBdimx

std::int64_t ceilDiv(std::int64_t a, std::int64_t b) { return (a + b - 1) / b; }

std::string sms(std::int64_t n) { return std::to_string(n) + (n == 1 ? " SM" : " SMs"); }

}  // namespace

Verdict canScheduleCompileTime(const SegmentView& view) {
  return normalization::compileTimeCheck(view, SchedulerType::OuterPersistent);
}

// csrc/scheduler/normalization_outer.cpp:457-657 canScheduleRunTime.
Verdict canScheduleRunTime(const SegmentView& view, const RuntimeInfo& rt, const DeviceProfile& device) {
  const auto& reductions = analysis::reductionExprs(view);
  const ir::Expr* first = reductions.front();
  if (auto v = normalization::checkInterferingView(view, first, rt); !v) return v;
  const analysis::ReductionProperties props = analysis::reductionProperties(view, first, rt);
  const auto size = analysis::persistentBufferSize(view, rt);
  const std::int64_t smRegisterBits = device.registerFileBytesPerSm * 8;
  const std::int64_t bufferBits =
      8 * (size.canProject ? std::min(size.persistentBytes, size.projectedBytes) : size.persistentBytes);
  const std::int64_t availableBits = smRegisterBits * device.smCount;  // the whole GPU's registers
  if (bufferBits > availableBits)
    return Verdict::reject("persistent buffer " + size.largestName + " needs " +
                           support::exactBytesText(bufferBits / 8) + " per column, over the " +
                           support::exactBytesText(availableBits / 8) + " register file of " + device.name);
  // The vectorization of the reduced tensor's inner (iteration) dims, limited by the widest
  // element among the segment's inputs and outputs that share them (:513-518).
  const std::int64_t vect = analysis::vectorizationFactor(view, first->operand(0), props.innerMostDimensionNdims, rt);
  const std::int64_t minFactor = vect * kMinBdimx;
  const std::int64_t smsPerNorm = ceilDiv(bufferBits * minFactor, smRegisterBits);
  if (smsPerNorm > device.smCount / 2)
    return Verdict::reject("each normalization needs " + sms(smsPerNorm) + " (vectorization " + std::to_string(vect) +
                           "), over half of " + device.name + "'s " + std::to_string(device.smCount));
  const bool crossGrid = smsPerNorm > 1;
  std::optional<normalization::GridOuterLaunch> launch;
  if (crossGrid) {
    if (vect < 4)
      return Verdict::reject("a grid-wide outer normalization needs vectorization 4 or more, and " +
                             first->operand(0)->name() + "'s inputs and outputs allow " + std::to_string(vect));
    launch = normalization::gridOuterNormalizationParams(props.totalReductionNumel, props.totalIterationNumel, vect,
                                                         bufferBits, device);
    if (!launch)
      return Verdict::reject("no grid launch configuration keeps each thread's share of the " +
                             support::exactBytesText(bufferBits / 8) + " buffer (vectorization " +
                             std::to_string(vect) + ") within its registers on " + device.name +
                             " (no valid launch config)");
  }
  const std::int64_t maxFactor = (crossGrid ? availableBits : smRegisterBits) / std::max<std::int64_t>(1, bufferBits);
  if (maxFactor < minFactor)
    return Verdict::reject("only " + std::to_string(maxFactor) + " columns fit in registers at once, fewer than the " +
                           std::to_string(minFactor) + " a block needs");
  const std::int64_t usedSms = crossGrid
                                   ? ceilDiv(ceilDiv(props.totalIterationNumel, vect), launch->bdimx) * launch->gdimy
                                   : ceilDiv(props.totalIterationNumel * bufferBits, smRegisterBits);
  if (crossGrid && usedSms < device.smCount / 2)
    return Verdict::reject("a grid-wide outer normalization would keep only " + sms(usedSms) + " of " + device.name +
                           "'s " + std::to_string(device.smCount) + " busy, under half");
  if (props.totalReductionNumel >= 4 * static_cast<std::int64_t>(device.maxThreadsPerSm) &&
      usedSms < device.smCount / 8)
    return Verdict::reject(analysis::describe(first) + " reduces " + std::to_string(props.totalReductionNumel) +
                           " elements but its " + std::to_string(props.totalIterationNumel) + " columns keep only " +
                           sms(usedSms) + " of " + device.name + "'s busy (not enough blocks)");
  if (crossGrid) {
    auto notWelford = std::find_if(reductions.begin(), reductions.end(),
                                   [](const ir::Expr* r) { return r->family() == ir::OpFamily::Reduction; });
    if (notWelford != reductions.end())
      return Verdict::reject(analysis::describe(*notWelford) +
                             " is not a Welford (var, var_mean and welford are): "
                             "grid-persistent outer normalization is only enabled "
                             "for Welford reductions");
    if (device.computeMajor == 7 && props.totalIterationNumel % (vect * launch->bdimx * launch->gdimx) != 0)
      return Verdict::reject("the iterations do not divide evenly over the grid (required on compute capability 7)");
  }
  return Verdict::accept();
}

}  // namespace segscope::scheduler::outer_persistent
