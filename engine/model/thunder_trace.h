// Thunder's printed execution trace (`print(thunder.last_traces(fn)[-1])`): each `nvFusionN(...)`
// region translated into the nvFuser definition Thunder's executor builds from it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "support/diagnostic.h"

namespace segscope::model {

/// One `[outs] = nvFusionK(ins)` region of a trace.
struct ThunderRegion {
  std::string name;  // "nvFusion3"
  int line = 0;      // of its call line, 1-based
  /// A repro script (definition, `with` block and an inputs footer with the annotated sizes), as
  /// thunder/executors/nvfuserex_impl.py create_fd builds the definition (impl:301-413 at
  /// lightning-thunder 1e22aac; docs/research/thunder_traces.md). Empty when `problem` is set.
  std::string script;
  /// Why the region could not be translated (a prim with no translation here, an input without
  /// a type), at the trace line that says so.
  std::optional<Diagnostic> problem;
};

/// True when `text` holds a trace printout: a `def …(…):` line and a call of an `nvFusionN` region.
bool looksLikeThunderTrace(std::string_view text);

/// Every region of every trace in `text`, in order. Never fails: a region that cannot be
/// translated carries its problem, and the others are translated.
std::vector<ThunderRegion> readThunderTrace(std::string_view text, const std::string& file);

}  // namespace segscope::model
