// InnerPersistent: innermost-dim normalizations that keep each row on chip.
#include <algorithm>

#include "scheduler/normalization.h"
#include "scheduler/reduction_properties.h"
#include "scheduler/schedulers.h"
#include "support/text.h"

namespace segscope::scheduler::inner_persistent {

Verdict canScheduleCompileTime(const SegmentView& view) {
  return normalization::compileTimeCheck(view, SchedulerType::InnerPersistent);
}

// csrc/scheduler/normalization_inner.cpp:72-195 canScheduleRunTime.
Verdict canScheduleRunTime(const SegmentView& view, const RuntimeInfo& rt, const DeviceProfile& device) {
  const ir::Expr* first = analysis::reductionExprs(view).front();
  if (auto v = normalization::checkInterferingView(view, first, rt); !v) return v;
  const analysis::ReductionProperties props = analysis::reductionProperties(view, first, rt);
  // Shared memory holds buffers only before Hopper and when the reduction is one contiguous
  // run of innermost dims; a multi-dimensional ("3D") reduction gets neither shared memory nor
  // a multi-SM cluster (:98-104, :145-148).
  const bool is3d = props.totalReductionNumel != props.innerMostDimensionNumel;
  const bool smem = !is3d && device.computeMajor < 9;
  const auto size = analysis::persistentBufferSize(view, rt);
  const std::int64_t regBudget = normalization::registerBudgetBytes(device);
  std::int64_t budget = smem ? std::max(regBudget, normalization::sharedMemoryBudgetBytes(device)) : regBudget;
  const std::int64_t buffer = normalization::chosenBufferBytes(size, budget, SchedulerType::InnerPersistent, device);
  std::string budgetText = support::exactBytesText(budget) + (smem ? " register/shared-memory" : " register");
  if (!is3d && buffer > budget && device.maxClusterSize > 1) {
    budget *= device.maxClusterSize;
    budgetText = support::exactBytesText(budget) + " cluster (" + std::to_string(device.maxClusterSize) + " SMs)";
  }
  if (buffer > budget)
    return Verdict::reject(
        "persistent buffer " + size.largestName + " needs " + support::exactBytesText(buffer) + " per row, over the " +
        budgetText + " budget of " + device.name +
        (is3d ? " (a multi-dimensional reduction may use neither shared memory nor a cluster)" : ""));
  const std::int64_t smsPerRow = (buffer + regBudget - 1) / regBudget;
  if (smsPerRow > device.smCount / 2)
    return Verdict::reject("a row's persistent buffers need " + std::to_string(smsPerRow) + " SMs, over half of " +
                           device.name + "'s " + std::to_string(device.smCount));
  return normalization::checkEnoughBlocks(first, props.fastestDimReduction, rt, device);
}

}  // namespace segscope::scheduler::inner_persistent
