// The pre-segmentation pipeline: nvFuser's pass order, run once before segmentation.
#pragma once

#include <string_view>
#include <vector>

#include "passes/pass.h"

namespace segscope::passes {

/// Every pass in PreSegmenter order (disabled ones included; they are skipped when run).
const std::vector<const Pass*>& preSegmenterPasses();

/// The pass called `name` (its file stem), or null.
const Pass* findPass(std::string_view name);

/// Runs each pass once, in order, recording a Step per pass. Returns true if any changed
/// the fusion. Unlike PassRunner::runToFixedPoint this mirrors nvFuser exactly.
bool runPreSegmenter(ir::Fusion& fusion, trace::Recorder* recorder = nullptr);

}  // namespace segscope::passes
