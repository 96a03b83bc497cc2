// Saving and loading a whole Trace (steps + deduplicated snapshots) as JSON; a saved
// trace reloads into an identical Trace, ids included, so traces can be compared later.
#pragma once

#include <string>

#include "support/result.h"
#include "trace/trace.h"

namespace segscope::trace {

std::string traceToJson(const Trace& trace);
Result<Trace> traceFromJson(const std::string& text);

/// One fusion as JSON and back (every id, name, extent, attribute and location kept).
std::string fusionToJson(const ir::Fusion& fusion);
Result<std::unique_ptr<ir::Fusion>> fusionFromJson(const std::string& text);

}  // namespace segscope::trace
