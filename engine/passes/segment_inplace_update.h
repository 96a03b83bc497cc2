// Moves an in-place write next to a broadcast into its own copy kernel (nvFuser's
// SegmentInplaceUpdatePass, issue #2664).
#pragma once

#include "passes/pass.h"

namespace segscope::passes {

class SegmentInplaceUpdate : public OptimizationPass<SegmentInplaceUpdate> {
 public:
  static constexpr std::string_view kName = "segment_inplace_update";
  static constexpr std::string_view kDescription =
      "an in-place aliased output on a broadcast path is written by a separate segment_set + set copy (nvFuser #2664)";
  static constexpr bool kEnabledByDefault = true;
  static bool runPass(ir::Fusion& fusion, PassLog& log);
};

}  // namespace segscope::passes
