// Reads the `inputs = [...]` footer of a repro script into InputSpecs and checks it
// against the definition (count, kind, rank, dtype, static sizes).
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "frontend/script.h"
#include "frontend/syntax.h"

namespace segscope::frontend {

/// nullopt (with a warning) when the footer cannot be read as literal input
/// descriptions; an Error when it contradicts the definition.
Result<std::optional<std::vector<InputSpec>>> readFooter(const Node& list, const ir::Fusion& fusion,
                                                         std::vector<Diagnostic>& warnings, std::string_view file,
                                                         std::string_view source);

}  // namespace segscope::frontend
