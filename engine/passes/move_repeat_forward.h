// Moves a static repeat (broadcast + expand + reshape) past the ops that follow it.
#pragma once

#include "passes/pass.h"

namespace segscope::passes {

/// t3 = reshape(expand(broadcast(t0))) repeats a dim of t0 by a constant factor. When the
/// ops after t3 (elementwise ops, and slices/pads/cats that leave the repeated dim whole)
/// do not care about that dim's extent, they run on the un-repeated tensor and the repeat
/// moves after the furthest of them that every path from t3 goes through: the kernel then
/// computes on 1/factor of the data (csrc/preseg_passes/move_repeat_forward.cpp).
class MoveRepeatForward : public OptimizationPass<MoveRepeatForward> {
 public:
  static constexpr std::string_view kName = "move_repeat_forward";
  static constexpr std::string_view kDescription =
      "a static repeat (reshape merging a constant expanded broadcast into one dim) moves after the furthest "
      "post-dominating tensor reached only through elementwise ops and slices/pads/cats that keep the repeated dim "
      "whole";
  static constexpr bool kEnabledByDefault = true;
  static bool runPass(ir::Fusion& fusion, PassLog& log);
};

}  // namespace segscope::passes
