// Gives extents that must be equal one representative: a constant when the set has one,
// otherwise the symbolic extent created first (nvFuser's ExactMappedExtentSubstitution).
#pragma once

#include "passes/pass.h"

namespace segscope::passes {

class ExactMappedExtentSubstitution : public OptimizationPass<ExactMappedExtentSubstitution> {
 public:
  static constexpr std::string_view kName = "exact_mapped_extent_substitution";
  static constexpr std::string_view kDescription =
      "union-find of extents that must be equal; constant wins, else the lowest val id";
  static constexpr bool kEnabledByDefault = true;
  static bool runPass(ir::Fusion& fusion, PassLog& log);
};

}  // namespace segscope::passes
