// The deciding refusal (see deciding_refusal.h), by the classes reason_classes.cpp gives both
// nvFuser's wording and Segscope's.
#include "pipeline/deciding_refusal.h"

#include <array>
#include <string_view>

#include "pipeline/reason_classes.h"

namespace segscope::pipeline {
namespace {

// The classes that say "this union is not my kind of segment", not "your union fails my check".
constexpr std::array<std::string_view, 11> kNotThisKind = {
    "expr_eval_single_op", "no_op_has_work",    "matmul_not_fused",      "no_reduction",
    "has_reduction",       "no_resize",         "no_transpose",          "no_persistent_buffer",
    "reduction_type",      "persistent_buffer", "transpose_unprofitable"};

}  // namespace

bool refusesForKind(const std::string& reason) {
  const std::string_view cls = classifyReason(reason).id;
  for (std::string_view c : kNotThisKind)
    if (c == cls) return true;
  return false;
}

std::optional<DecidingRefusal> decidingRefusal(const trace::MergeInfo& merge) {
  if (merge.ok()) return std::nullopt;
  if (!merge.refusal.empty()) return DecidingRefusal{{}, merge.refusal};
  const trace::SchedulerCheck* last = nullptr;
  for (const trace::SchedulerCheck& v : merge.verdicts) {
    if (v.ok || v.reason.empty()) continue;
    if (!refusesForKind(v.reason)) return DecidingRefusal{v.scheduler, v.reason};
    last = &v;
  }
  if (last) return DecidingRefusal{last->scheduler, last->reason};
  return DecidingRefusal{{}, "refused"};
}

}  // namespace segscope::pipeline
