// Reading NVFUSER_ENABLE / NVFUSER_DISABLE option names (see scheduler_options.h).
#include "scheduler/scheduler_options.h"

#include <algorithm>
#include <array>
#include <string_view>

namespace segscope::scheduler {
namespace {

// csrc/options.cpp's names that change segmentation and that Segscope does not model yet.
constexpr std::array<std::string_view, 5> kUnmodelledEnable = {
    "fuse_matmul", "fuse_multiple_matmuls", "io_to_lower_precision", "memory_promotion", "tma_pointwise"};
constexpr std::array<std::string_view, 1> kUnmodelledDisable = {"greedy_scheduler"};

bool listed(std::string_view name, const auto& names) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

Result<SchedulerOptions> schedulerOptions(const std::vector<std::string>& enable,
                                          const std::vector<std::string>& disable) {
  SchedulerOptions o;
  for (const std::string& name : disable) {
    if (name == "resize_scheduler")
      o.resizeScheduler = false;
    else if (name == "matmul_expr_eval")
      o.matmulExprEval = false;
    else if (listed(name, kUnmodelledDisable))
      return makeError("NVFUSER_DISABLE=" + name + " is an nvFuser option Segscope does not model yet");
    else
      return makeError("unknown NVFUSER_DISABLE option '" + name +
                       "' (Segscope models resize_scheduler and matmul_expr_eval)");
  }
  for (const std::string& name : enable) {
    if (listed(name, kUnmodelledEnable))
      return makeError("NVFUSER_ENABLE=" + name + " is an nvFuser option Segscope does not model yet");
    return makeError("unknown or unmodelled NVFUSER_ENABLE option '" + name + "'");
  }
  return o;
}

std::vector<std::string> disabledOptionNames(const SchedulerOptions& options) {
  std::vector<std::string> names;
  if (!options.resizeScheduler) names.emplace_back("resize_scheduler");
  if (!options.matmulExprEval) names.emplace_back("matmul_expr_eval");
  return names;
}

}  // namespace segscope::scheduler
