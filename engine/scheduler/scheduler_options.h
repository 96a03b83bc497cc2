// nvFuser's NVFUSER_ENABLE / NVFUSER_DISABLE options that change which scheduler takes a group.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "support/result.h"

namespace segscope::scheduler {

/// Options travel by value from the script, the CLI or the window down to the registry.
struct SchedulerOptions {
  bool resizeScheduler = true;  // NVFUSER_DISABLE=resize_scheduler (csrc/scheduler/resize.cpp:67)
  bool matmulExprEval = true;   // NVFUSER_DISABLE=matmul_expr_eval (csrc/scheduler/expr_eval_sched.cpp:84)
  bool fuseMatmul = false;      // NVFUSER_ENABLE=fuse_matmul (csrc/scheduler/matmul_utils.cpp:1343-1349)
};

/// What an option name (nvFuser's spellings, csrc/options.cpp:157-226) means to Segscope.
enum class OptionEffect {
  Modelled,    // changes the segmentation, and Segscope models it
  NoEffect,    // nvFuser has it, and it does not change which scheduler takes a group
  Unmodelled,  // nvFuser has it, it can change the segmentation, and Segscope does not model it
  Unknown,     // nvFuser has no such option (it raises "Unrecognized enable_option")
};
OptionEffect enableOptionEffect(std::string_view name);
OptionEffect disableOptionEffect(std::string_view name);

/// The options Segscope models, for a menu or a usage line.
const std::vector<std::string>& modelledEnableOptions();
const std::vector<std::string>& modelledDisableOptions();

/// Sets one option on `options`; false when it is not a modelled one (nothing changes).
bool applyEnableOption(SchedulerOptions& options, std::string_view name);
bool applyDisableOption(SchedulerOptions& options, std::string_view name);

/// The options named applied to the defaults, strictly (what a user asks for on the command line
/// or in the window): an option nvFuser has that Segscope does not model, or no option at all,
/// is an error naming it. An option without effect on segmentation is accepted.
Result<SchedulerOptions> schedulerOptions(const std::vector<std::string>& enable,
                                          const std::vector<std::string>& disable);

/// The options that differ from the defaults, in nvFuser's spelling.
std::vector<std::string> enabledOptionNames(const SchedulerOptions& options);
std::vector<std::string> disabledOptionNames(const SchedulerOptions& options);

}  // namespace segscope::scheduler
