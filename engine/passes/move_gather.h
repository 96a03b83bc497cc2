// Moves a take_along_axis above the unary op or single-dim squeeze that makes its lookup tensor.
#pragma once

#include "passes/pass.h"

namespace segscope::passes {

/// take_along_axis(f(x), i) → f(take_along_axis(x, i)) for a unary pointwise f (cast, neg, exp
/// ...), and take_along_axis(squeeze(x), i) → squeeze(take_along_axis(x, unsqueeze(i))), repeated
/// while the lookup tensor is made that way: f then runs on the gathered elements only, and a
/// segment boundary between f and the gather no longer passes f's whole output. Only a fusion
/// with exactly one gather, a take_along_axis, qualifies (csrc/preseg_passes/move_gather.cpp).
class MoveGather : public OptimizationPass<MoveGather> {
 public:
  static constexpr std::string_view kName = "move_gather";
  static constexpr std::string_view kDescription =
      "the fusion's one take_along_axis moves above the unary op or one-dim squeeze making its lookup tensor, "
      "repeatedly";
  static constexpr bool kEnabledByDefault = true;
  static bool runPass(ir::Fusion& fusion, PassLog& log);
};

}  // namespace segscope::passes
