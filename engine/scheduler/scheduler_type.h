// The scheduler kinds, their JSON/CLI spellings and nvFuser's priority order.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

namespace segscope::scheduler {

enum class SchedulerType {
  None,
  NoOp,
  ExprEval,
  Matmul,
  Reduction,
  Resize,
  Transpose,
  PointWise,
  InnerPersistent,
  OuterPersistent,
  InnerOuterPersistent,
};

std::string_view schedulerName(SchedulerType type);
std::optional<SchedulerType> schedulerFromName(std::string_view name);

/// nvFuser's all_heuristics_in_priority_order without Cutlass, Communication and Greedy.
const std::vector<SchedulerType>& schedulersInPriorityOrder();

}  // namespace segscope::scheduler
