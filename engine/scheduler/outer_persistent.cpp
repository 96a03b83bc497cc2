// OuterPersistent: outer-dim normalizations (batch norm) that keep columns on chip.
#include <algorithm>

#include "scheduler/normalization.h"
#include "scheduler/schedulers.h"

namespace segscope::scheduler::outer_persistent {
namespace {

constexpr std::int64_t kMinBdimx = 8;  // PreferredLaunchConfig::kMinBdimx

// Vectorization of the reduced tensor's innermost (iteration) dim: 16 bytes, halved until it
// divides the extent.
std::int64_t vectorization(const SegmentView& view, const ir::Expr* reduction, const RuntimeInfo& rt) {
  const ir::Val* in = reduction->operand(0);
  std::int64_t vect = 16 / std::max(1, ir::byteSize(in->dtype()));
  const int inner = analysis::innermostDim(view, in->asTensor());
  const auto sizes = rt.sizes(in);
  if (inner < 0 || !sizes) return 1;
  const std::int64_t extent = (*sizes)[static_cast<std::size_t>(inner)];
  while (vect > 1 && extent % vect != 0) vect /= 2;
  return vect;
}

}  // namespace

Verdict canScheduleCompileTime(const SegmentView& view) {
  return normalization::compileTimeCheck(view, SchedulerType::OuterPersistent);
}

Verdict canScheduleRunTime(const SegmentView& view, const RuntimeInfo& rt, const DeviceProfile& device) {
  const ir::Expr* first = analysis::reductionExprs(view).front();
  const auto size = analysis::persistentBufferSize(view, analysis::persistentBuffers(view), rt);
  const std::int64_t smRegisters = device.registerFileBytesPerSm;
  const std::int64_t budget = smRegisters * device.smCount;  // the whole GPU's registers
  const std::int64_t buffer = size.canProject ? std::min(size.persistentBytes, size.projectedBytes) : size.persistentBytes;
  if (buffer > budget)
    return Verdict::reject("persistent buffer " + size.largestName + " needs " + analysis::formatBytes(buffer) +
                           " per column, over the " + analysis::formatBytes(budget) + " register file of " + device.name);
  const std::int64_t vect = vectorization(view, first, rt);
  const std::int64_t minFactor = vect * kMinBdimx;
  const std::int64_t smsPerNorm = (buffer * minFactor + smRegisters - 1) / smRegisters;
  if (smsPerNorm > device.smCount / 2)
    return Verdict::reject("each normalization needs " + std::to_string(smsPerNorm) + " SMs, over half of " +
                           device.name + "'s " + std::to_string(device.smCount));
  const bool crossGrid = smsPerNorm > 1;
  if (crossGrid && vect < 4)
    return Verdict::reject("a grid-wide outer normalization needs vectorization 4 or more, and " +
                           first->operand(0)->name() + "'s innermost dim allows " + std::to_string(vect));
  const std::int64_t maxFactor = (crossGrid ? budget : smRegisters) / std::max<std::int64_t>(1, buffer);
  if (maxFactor < minFactor)
    return Verdict::reject("only " + std::to_string(maxFactor) + " columns fit in registers at once, fewer than the " +
                           std::to_string(minFactor) + " a block needs");
  // SMs in use: blocks of minFactor columns, each spread over smsPerNorm SMs.
  const std::int64_t rows = analysis::iterationNumel(first, rt);
  const std::int64_t usedSms = std::min<std::int64_t>(device.smCount, (rows + minFactor - 1) / minFactor * smsPerNorm);
  const std::int64_t reduced = analysis::reductionNumel(first, rt);
  if (reduced >= 4 * static_cast<std::int64_t>(device.maxThreadsPerSm) && usedSms < device.smCount / 8)
    return Verdict::reject(analysis::describe(first) + " reduces " + std::to_string(reduced) + " elements but its " +
                           std::to_string(rows) + " columns keep only " + std::to_string(usedSms) + " of " +
                           device.name + "'s SMs busy (not enough blocks)");
  return Verdict::accept();
}

}  // namespace segscope::scheduler::outer_persistent
