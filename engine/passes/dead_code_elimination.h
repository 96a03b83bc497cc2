// Removes exprs whose results reach no fusion output.
#pragma once

#include "passes/pass.h"

namespace segscope::passes {

class DeadCodeElimination : public OptimizationPass<DeadCodeElimination> {
 public:
  static constexpr std::string_view kName = "dead_code_elimination";
  static constexpr std::string_view kDescription = "removes exprs that reach no output";
  static constexpr bool kEnabledByDefault = true;
  static bool runPass(ir::Fusion& fusion, PassLog& log);
};

}  // namespace segscope::passes
