// Cancels a split (adjacent slices) that a cat puts back together.
#pragma once

#include "passes/pass.h"

namespace segscope::passes {

/// cat([chain(slice(x, a0:a1)), chain(slice(x, a1:a2)), ...], dim=d), where the slices cut
/// x along d into adjacent pieces covering it in order and `chain` is the same sequence of
/// unary elementwise ops (casts included) on every piece, becomes chain(x), or set(x)
/// when there is no chain.
class MoveSplitCat : public OptimizationPass<MoveSplitCat> {
 public:
  static constexpr std::string_view kName = "move_split_cat";
  static constexpr std::string_view kDescription =
      "cat of adjacent slices covering an axis, through identical unary/cast chains → the chain on the whole tensor";
  static constexpr bool kEnabledByDefault = true;
  static bool runPass(ir::Fusion& fusion, PassLog& log);
};

}  // namespace segscope::passes
