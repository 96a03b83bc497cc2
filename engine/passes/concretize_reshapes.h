// The concretize stage: nvFuser concretizes a fusion with the run-time inputs before its passes
// (DynamicTransformConcretizer, csrc/dynamic_transform.cpp): every reshape then has fixed splits
// and merges. Segscope records the sizes on each reshape expr instead. A Fusion rewrite like the
// passes, so it lives beside them; the pipeline runs it as its own stage and records a Step.
#pragma once

#include "ir/fusion.h"
#include "scheduler/runtime_info.h"

namespace segscope::passes {

/// Gives every reshape whose sizes `rt` knows its concrete input and output sizes; returns how
/// many reshapes it concretized.
int concretizeReshapes(ir::Fusion& fusion, const scheduler::RuntimeInfo& rt);
/// The same with the fusion's input specs (the script's footer); 0 when they do not bind.
int concretizeReshapes(ir::Fusion& fusion, const std::vector<ir::InputSpec>& inputs);

}  // namespace segscope::passes
