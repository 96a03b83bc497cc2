// The fixed Python text of an exported PyTorch module: imports, helpers for ops torch
// spells differently, and the loader/checker that runs it against a data directory.
#pragma once

#include <string>

namespace segscope::frontend {

/// Docstring and imports.
std::string torchModulePreamble(const std::string& fusionName, const std::string& sourceName);
/// One helper function by name (_t, _prod, _welford, _erfcinv, _logical_right_shift,
/// _sdpa_fwd, _sdpa_bwd).
std::string torchHelperText(const std::string& name);
/// load_inputs, compare_outputs and __main__.
std::string torchModuleFooter();

}  // namespace segscope::frontend
