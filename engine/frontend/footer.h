// Reads the `inputs = [...]` footer of a repro script into InputSpecs and checks it
// against the definition (count, kind, rank, dtype, static sizes).
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "frontend/script.h"
#include "frontend/syntax.h"

namespace segscope::frontend {

/// The footer's entries as InputSpecs, before any definition exists (fd.from_pytorch reads
/// them); nullopt (with a warning) when an entry is not a literal input description.
Result<std::optional<std::vector<InputSpec>>> readFooterEntries(const Node& list, std::vector<Diagnostic>& warnings,
                                                                std::string_view file, std::string_view source);

/// What torch itself refuses of a tensor it is asked to make: more than 2^63 elements, or an
/// as_strided view with a negative stride or a span past 2^63. Reported at `spec.loc`.
Status checkInputLayout(const InputSpec& spec);

/// Checks the entries against the definition's inputs (count, kind, rank, dtype, static
/// sizes) and gives scalars and index tensors the declared dtype.
Status checkFooter(std::vector<InputSpec>& specs, const Node& list, const ir::Fusion& fusion);

}  // namespace segscope::frontend
