// Cancels adjacent broadcast / squeeze / set pairs (nvFuser's RemoveBcastSqueeze).
#pragma once

#include "passes/pass.h"

namespace segscope::passes {

class RemoveBcastSqueeze : public OptimizationPass<RemoveBcastSqueeze> {
 public:
  static constexpr std::string_view kName = "remove_bcast_squeeze";
  static constexpr std::string_view kDescription =
      "composes broadcast/squeeze/set/pure broadcast_in_dim per axis; identity pairs vanish, single-op compositions "
      "collapse";
  static constexpr bool kEnabledByDefault = true;
  static bool runPass(ir::Fusion& fusion, PassLog& log);
};

}  // namespace segscope::passes
