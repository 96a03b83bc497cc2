// Names and priority order of the scheduler kinds.
#include "scheduler/scheduler_type.h"

#include <array>
#include <utility>

namespace segscope::scheduler {
namespace {

constexpr std::array<std::pair<SchedulerType, std::string_view>, 11> kNames{{
    {SchedulerType::None, "none"},
    {SchedulerType::NoOp, "no_op"},
    {SchedulerType::ExprEval, "expr_eval"},
    {SchedulerType::Matmul, "matmul"},
    {SchedulerType::Reduction, "reduction"},
    {SchedulerType::Resize, "resize"},
    {SchedulerType::Transpose, "transpose"},
    {SchedulerType::PointWise, "pointwise"},
    {SchedulerType::InnerPersistent, "inner_persistent"},
    {SchedulerType::OuterPersistent, "outer_persistent"},
    {SchedulerType::InnerOuterPersistent, "inner_outer_persistent"},
}};

}  // namespace

std::string_view schedulerName(SchedulerType type) {
  for (const auto& [t, name] : kNames)
    if (t == type) return name;
  return "none";
}

std::optional<SchedulerType> schedulerFromName(std::string_view name) {
  for (const auto& [t, n] : kNames)
    if (n == name) return t;
  return std::nullopt;
}

const std::vector<SchedulerType>& schedulersInPriorityOrder() {
  static const std::vector<SchedulerType> order{
      SchedulerType::ExprEval,        SchedulerType::NoOp,
      SchedulerType::Matmul,          SchedulerType::Reduction,
      SchedulerType::Resize,          SchedulerType::Transpose,
      SchedulerType::PointWise,       SchedulerType::InnerPersistent,
      SchedulerType::OuterPersistent, SchedulerType::InnerOuterPersistent,
  };
  return order;
}

}  // namespace segscope::scheduler
