// The pre-segmentation pipeline: nvFuser's pass order, run once before segmentation.
#pragma once

#include <optional>
#include <string>
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
/// `current`, when given, is a snapshot of `fusion` as it is now (see PassRunner::startFrom);
/// `hooks` run around every pass, inside the runner's own (PassRunner::addInstrumentation).
bool runPreSegmenter(ir::Fusion& fusion, trace::Recorder* recorder = nullptr, PassSelection selection = {},
                     trace::SnapshotPtr current = nullptr, const PassInstrumentations& hooks = {});

/// The first name `selection` mentions that is not a pass; nullopt when all are.
std::optional<std::string> firstUnknownPass(const PassSelection& selection);

/// "a b c": every pass name in PreSegmenter order, for an error that lists them.
std::string passNames();

}  // namespace segscope::passes
