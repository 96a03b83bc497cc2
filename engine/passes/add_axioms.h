// Records "extent > 0" for every symbolic extent of a used tensor, so later reasoning
// (and the reader of the IR) may assume it (nvFuser's AddAxiomsPass, assumePositive).
#pragma once

#include "passes/pass.h"

namespace segscope::passes {

class AddAxioms : public OptimizationPass<AddAxioms> {
 public:
  static constexpr std::string_view kName = "add_axioms";
  static constexpr std::string_view kDescription =
      "records extent > 0 for used symbolic extents (axioms: in the IR print)";
  static constexpr bool kEnabledByDefault = true;
  static bool runPass(ir::Fusion& fusion, PassLog& log);
};

}  // namespace segscope::passes
