// Reads the nvFuser options a script passes to its execute call:
// `fd.execute(inputs, _enable_options=[...], _disable_options=[...])`.
#pragma once

#include <string_view>
#include <vector>

#include "frontend/script.h"

namespace segscope::frontend {

/// The options of the script's `<fd>.execute(...)` line (nvFuser's spelling in both frontends:
/// python/nvfuser_direct/__init__.py:325-326, python/python_direct/runtime.cpp:272-307). A
/// script without that line, or whose line names no options, has none. The names are kept as
/// written; which of them Segscope models is the pipeline's question.
Result<ExecuteOptions> readExecuteOptions(const std::vector<std::string_view>& lines, std::string_view source,
                                          int afterLine);

}  // namespace segscope::frontend
