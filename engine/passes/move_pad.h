// Pushes zero pads towards the inputs and merges consecutive ones.
#pragma once

#include "passes/pass.h"

namespace segscope::passes {

/// A pad with value 0 and non-negative widths moves above a unary op f with f(0) == 0
/// (pad(f(x)) → f(pad(x))), and pad(pad(x, w1), w2) of zero pads becomes one pad with the
/// widths summed. Off by default: nvFuser runs it only without the resize scheduler.
class MovePad : public OptimizationPass<MovePad> {
 public:
  static constexpr std::string_view kName = "move_pad";
  static constexpr std::string_view kDescription =
      "zero pads move above unary ops with f(0)=0 and casts; consecutive zero pads merge";
  static constexpr bool kEnabledByDefault = false;
  static bool runPass(ir::Fusion& fusion, PassLog& log);
};

}  // namespace segscope::passes
