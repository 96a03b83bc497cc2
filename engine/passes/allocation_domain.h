// Propagates an input's stride order to outputs computed elementwise from it (nvFuser's
// AllocationDomainPass, allocation_order_inference.cpp), for better vectorization.
#pragma once

#include "passes/pass.h"

namespace segscope::passes {

class AllocationDomain : public OptimizationPass<AllocationDomain> {
 public:
  static constexpr std::string_view kName = "allocation_domain";
  static constexpr std::string_view kDescription =
      "an output whose dims sit where its reference input's do takes that input's stride order";
  static constexpr bool kEnabledByDefault = true;
  static bool runPass(ir::Fusion& fusion, PassLog& log);
};

}  // namespace segscope::passes
