// Removes work on tensors that hold no element (a constant-zero extent).
#pragma once

#include "passes/pass.h"

namespace segscope::passes {

/// Replaces empty fusion outputs by full(shape, 0), drops empty inputs of cat along the cat
/// dim, turns a sum/prod/max/min over an empty reduced axis into full(shape, init) and a pad
/// of an empty tensor into full(padded shape, pad value), then removes what that orphans.
class RemoveEmpty : public OptimizationPass<RemoveEmpty> {
 public:
  static constexpr std::string_view kName = "remove_empty";
  static constexpr std::string_view kDescription =
      "empty output → full(0); empty cat inputs dropped; reductions over an empty axis → full(init); pad of empty → "
      "full(value)";
  static constexpr bool kEnabledByDefault = true;
  static bool runPass(ir::Fusion& fusion, PassLog& log);
};

}  // namespace segscope::passes
