// Reading NVFUSER_ENABLE / NVFUSER_DISABLE option names (see scheduler_options.h).
#include "scheduler/scheduler_options.h"

#include <algorithm>
#include <array>

namespace segscope::scheduler {
namespace {

// csrc/options.cpp:157-183 (enable) and 200-226 (disable), sorted by what they do to the
// segmentation. The ones that only change code generation, debugging, or the multi-device
// runtime are NoEffect. greedy_scheduler is modelled by doing nothing: Segscope has no greedy
// scheduler, so disabling it is what Segscope already shows.
// ws_normalization changes whether the inner-outer persistent scheduler takes a group
// (csrc/scheduler/normalization_inner_outer.cpp).
constexpr std::array<std::string_view, 5> kUnmodelledEnable = {
    "cutlass_scheduler", "fuse_multiple_matmuls", "io_to_lower_precision", "memory_promotion", "ws_normalization"};
// The TMA and warp-specialized variants change a scheduler's heuristics (the kernel it
// writes), not whether it takes the group.
constexpr std::array<std::string_view, 19> kNoEffectEnable = {"id_model_extra_validation",
                                                              "kernel_db",
                                                              "kernel_debug",
                                                              "kernel_lineinfo",
                                                              "kernel_profile",
                                                              "reuse_zeroed_memory",
                                                              "static_fusion_count",
                                                              "wait_debugger",
                                                              "warn_register_spill",
                                                              "tma_pointwise",
                                                              "tma_inner_persistent",
                                                              "tma_reduction",
                                                              "host_ir_lowering",
                                                              "host_ir_jit",
                                                              "insert_resharding_after",
                                                              "fast_math",
                                                              "p2p_protocol",
                                                              "p2p_transport",
                                                              "multicast_protocol"};
constexpr std::array<std::string_view, 20> kNoEffectDisable = {"compile_to_sass",
                                                               "contig_indexing",
                                                               "expr_simplify",
                                                               "fallback",
                                                               "fma",
                                                               "greedy_scheduler",
                                                               "grouped_grid_welford_outer_opt",
                                                               "index_hoist",
                                                               "magic_zero",
                                                               "nvrtc_caching",
                                                               "nvtx",
                                                               "parallel_compile",
                                                               "predicate_elimination",
                                                               "python_inline_definitions",
                                                               "kernel_reuse",
                                                               "var_name_remapping",
                                                               "welford_vectorization",
                                                               "reuse_mismatched_type_registers",
                                                               "multidevice",
                                                               "infer_contiguity"};

bool listed(std::string_view name, const auto& names) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

std::string joined(const std::vector<std::string>& names) {
  std::string s;
  for (const std::string& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

}  // namespace

const std::vector<std::string>& modelledEnableOptions() {
  static const std::vector<std::string> names = {"fuse_matmul"};
  return names;
}

const std::vector<std::string>& modelledDisableOptions() {
  static const std::vector<std::string> names = {"matmul_expr_eval", "resize_scheduler"};
  return names;
}

OptionEffect enableOptionEffect(std::string_view name) {
  if (listed(name, modelledEnableOptions())) return OptionEffect::Modelled;
  if (listed(name, kUnmodelledEnable)) return OptionEffect::Unmodelled;
  if (listed(name, kNoEffectEnable)) return OptionEffect::NoEffect;
  return OptionEffect::Unknown;
}

OptionEffect disableOptionEffect(std::string_view name) {
  if (listed(name, modelledDisableOptions())) return OptionEffect::Modelled;
  if (listed(name, kNoEffectDisable)) return OptionEffect::NoEffect;
  return OptionEffect::Unknown;
}

bool applyEnableOption(SchedulerOptions& options, std::string_view name) {
  if (name != "fuse_matmul") return false;
  options.fuseMatmul = true;
  return true;
}

bool applyDisableOption(SchedulerOptions& options, std::string_view name) {
  if (name == "resize_scheduler")
    options.resizeScheduler = false;
  else if (name == "matmul_expr_eval")
    options.matmulExprEval = false;
  else
    return false;
  return true;
}

namespace {

// One name, as a user's own request: set when modelled, an error when it changes the
// segmentation unmodelled or nvFuser has no such option.
Status applyStrictly(SchedulerOptions& o, const std::string& name, bool enable) {
  const OptionEffect effect = enable ? enableOptionEffect(name) : disableOptionEffect(name);
  const std::string kind = enable ? "enable" : "disable";
  switch (effect) {
    case OptionEffect::Modelled: enable ? applyEnableOption(o, name) : applyDisableOption(o, name); return {};
    case OptionEffect::NoEffect: return {};
    case OptionEffect::Unmodelled:
      return makeError(std::string(enable ? "NVFUSER_ENABLE=" : "NVFUSER_DISABLE=") + name +
                       " can change the segmentation, and Segscope does not model it");
    case OptionEffect::Unknown:
      return makeError("nvFuser has no " + kind + " option '" + name + "' (Segscope models: " +
                       joined(enable ? modelledEnableOptions() : modelledDisableOptions()) + ")");
  }
  return {};
}

}  // namespace

Result<SchedulerOptions> schedulerOptions(const std::vector<std::string>& enable,
                                          const std::vector<std::string>& disable) {
  SchedulerOptions o;
  for (const std::string& name : enable)
    if (auto st = applyStrictly(o, name, true); !st) return st.error();
  for (const std::string& name : disable)
    if (auto st = applyStrictly(o, name, false); !st) return st.error();
  return o;
}

std::vector<std::string> enabledOptionNames(const SchedulerOptions& options) {
  std::vector<std::string> names;
  if (options.fuseMatmul) names.emplace_back("fuse_matmul");
  return names;
}

std::vector<std::string> disabledOptionNames(const SchedulerOptions& options) {
  std::vector<std::string> names;
  if (!options.matmulExprEval) names.emplace_back("matmul_expr_eval");
  if (!options.resizeScheduler) names.emplace_back("resize_scheduler");
  return names;
}

}  // namespace segscope::scheduler
