// Folds chains of casts and moves narrowing casts above meta ops.
#pragma once

#include "passes/pass.h"

namespace segscope::passes {

/// (a) A chain of casts whose intermediates have one use and are not outputs folds to the
/// casts that lose information (the narrowest "anchor"; incompatible types such as Half
/// and BFloat16 each stay), and a cast to the same dtype disappears. (b) A reshape,
/// squeeze, set or permute followed by a cast that does not widen becomes the cast
/// followed by the meta op, so the meta op moves fewer bytes.
class ConsecutiveCast : public OptimizationPass<ConsecutiveCast> {
 public:
  static constexpr std::string_view kName = "consecutive_cast";
  static constexpr std::string_view kDescription =
      "folds cast chains keeping the narrowest anchor (lossy narrowings stay; Half/BF16 sections stay); moves a "
      "non-widening cast above a single-use reshape/squeeze/set/permute";
  static constexpr bool kEnabledByDefault = true;
  static bool runPass(ir::Fusion& fusion, PassLog& log);
};

}  // namespace segscope::passes
