// nvFuser's NVFUSER_ENABLE / NVFUSER_DISABLE options that change which scheduler takes a group.
#pragma once

#include <string>
#include <vector>

#include "support/result.h"

namespace segscope::scheduler {

/// Options travel by value from the script, the CLI or the window down to the registry.
struct SchedulerOptions {
  bool resizeScheduler = true;  // NVFUSER_DISABLE=resize_scheduler (csrc/scheduler/resize.cpp:67)
  bool matmulExprEval = true;   // NVFUSER_DISABLE=matmul_expr_eval (csrc/scheduler/expr_eval_sched.cpp:84)
};

/// The options named (nvFuser's spellings, csrc/options.cpp:150-230) applied to the defaults; an
/// option nvFuser has that Segscope does not model, or no option at all, is an error naming it.
Result<SchedulerOptions> schedulerOptions(const std::vector<std::string>& enable,
                                          const std::vector<std::string>& disable);

/// The disable options that are set, in nvFuser's spelling ("resize_scheduler", …).
std::vector<std::string> disabledOptionNames(const SchedulerOptions& options);

}  // namespace segscope::scheduler
