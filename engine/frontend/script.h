// A loaded repro script: the Fusion, the footer's input descriptions and provenance.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ir/fusion.h"
#include "ir/input_spec.h"
#include "support/diagnostic.h"

namespace segscope::frontend {

using ir::InputFill;
using ir::InputSpec;

/// An nvFuser option a script names in its execute call, and where.
struct NamedOption {
  std::string name;
  SourceLoc loc;
};

/// `fd.execute(inputs, _enable_options=[...], _disable_options=[...])`: NVFUSER_ENABLE and
/// NVFUSER_DISABLE for this fusion only.
struct ExecuteOptions {
  std::vector<NamedOption> enable, disable;
  SourceLoc loc;  // the execute call; unknown when the script has none
  bool empty() const { return enable.empty() && disable.empty(); }
};

struct Script {
  std::unique_ptr<ir::Fusion> fusion;
  std::vector<InputSpec> inputs;  // one per fusion input, in order
  bool inputsFromFooter = false;  // false: made up from the definition (no usable footer)
  std::string functionName;
  std::string module = "nvfuser";    // or "nvfuser_direct"
  std::vector<std::string> header;   // leading comment lines (devices, versions)
  std::vector<Diagnostic> warnings;  // accepted, but worth telling the user
  ExecuteOptions executeOptions;     // the options the execute call sets
};

struct ParseOptions {
  std::string fileName;        // used in diagnostics
  bool requireFooter = false;  // a missing footer is an error instead of a warning
};

/// Parses a repro script. On failure the Diagnostic carries file:line:col and the line.
struct ParseOutcome {
  std::optional<Script> script;
  Diagnostic error;  // meaningful when !script
  bool ok() const { return script.has_value(); }
};

ParseOutcome parseScript(std::string_view source, const ParseOptions& options = {});
ParseOutcome loadScriptFile(const std::string& path);

/// Default inputs for a fusion without a usable footer (symbolic extents become `fallbackExtent`).
std::vector<InputSpec> defaultInputs(const ir::Fusion& fusion, std::int64_t fallbackExtent = 8);

}  // namespace segscope::frontend
