// InnerPersistent: innermost-dim normalizations that keep each row on chip.
#include <algorithm>

#include "scheduler/normalization.h"
#include "scheduler/schedulers.h"

namespace segscope::scheduler::inner_persistent {
Verdict canScheduleCompileTime(const SegmentView& view) {
  return normalization::compileTimeCheck(view, SchedulerType::InnerPersistent);
}

Verdict canScheduleRunTime(const SegmentView& view, const RuntimeInfo& rt, const DeviceProfile& device) {
  const auto reductions = analysis::reductionExprs(view);
  const ir::Expr* first = reductions.front();
  const auto size = analysis::persistentBufferSize(view, analysis::persistentBuffers(view), rt);
  const std::int64_t regBudget = normalization::registerBudgetBytes(device);
  // Shared memory holds buffers only before Hopper and when the reduction is the innermost dim
  // alone; from sm90 on nvFuser uses registers across a thread-block cluster instead.
  const auto inSizes = rt.sizes(first->operand(0));
  const int inner = analysis::innermostDim(view, first->operand(0)->asTensor());
  const bool onlyInnermost = inSizes && inner >= 0 &&
                             analysis::reductionNumel(first, rt) == (*inSizes)[static_cast<std::size_t>(inner)];
  const bool smem = onlyInnermost && device.computeMajor < 9;
  std::int64_t budget = smem ? std::max(regBudget, normalization::sharedMemoryBudgetBytes(device)) : regBudget;
  const std::int64_t buffer = normalization::chosenBufferBytes(size, budget);
  std::string budgetText = analysis::formatBytes(budget) + (smem ? " register/shared-memory" : " register");
  if (buffer > budget && device.maxClusterSize > 1) {
    budget *= device.maxClusterSize;
    budgetText = analysis::formatBytes(budget) + " cluster (" + std::to_string(device.maxClusterSize) + " SMs)";
  }
  if (buffer > budget)
    return Verdict::reject("persistent buffer " + size.largestName + " needs " + analysis::formatBytes(buffer) +
                           " per row, over the " + budgetText + " budget of " + device.name);
  const std::int64_t smsPerRow = (buffer + regBudget - 1) / regBudget;
  if (smsPerRow > device.smCount / 2)
    return Verdict::reject("a row's persistent buffers need " + std::to_string(smsPerRow) + " SMs, over half of " +
                           device.name + "'s " + std::to_string(device.smCount));
  return normalization::checkEnoughBlocks(first, true, rt, device);
}

}  // namespace segscope::scheduler::inner_persistent
