// Rewrites a cat of one tensor repeated k times as broadcast + expand + reshape.
#pragma once

#include "passes/pass.h"

namespace segscope::passes {

/// cat([t, t, ..., t], dim) → reshape(expand(broadcast(t) with a new dim before `dim`, k),
/// merging the new dim into `dim`): a tiling that needs no copy per input (nvFuser, RoPE).
class TranslateRepeatToExpand : public OptimizationPass<TranslateRepeatToExpand> {
 public:
  static constexpr std::string_view kName = "translate_repeat_to_expand";
  static constexpr std::string_view kDescription = "cat([t]*k, dim) → broadcast + expand + reshape";
  static constexpr bool kEnabledByDefault = true;
  static bool runPass(ir::Fusion& fusion, PassLog& log);
};

}  // namespace segscope::passes
