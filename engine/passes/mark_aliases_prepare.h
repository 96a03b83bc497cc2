// Bookends meta-only output tails with a segment_set (nvFuser's MarkAliasesPreparePass,
// output side), so the tail can become its own no-op / expr_eval segment.
#pragma once

#include "passes/pass.h"

namespace segscope::passes {

class MarkAliasesPrepare : public OptimizationPass<MarkAliasesPrepare> {
 public:
  static constexpr std::string_view kName = "mark_aliases_prepare";
  static constexpr std::string_view kDescription =
      "one segment_set where a view-only output tail starts (views decided by scheduler/alias_analysis)";
  static constexpr bool kEnabledByDefault = true;
  static bool runPass(ir::Fusion& fusion, PassLog& log);
};

}  // namespace segscope::passes
