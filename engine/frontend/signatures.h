// Parameter lists of the FusionDefinition API (nvFuser's pybind names), used to bind
// positional and keyword arguments the way Python would.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "frontend/syntax.h"

namespace segscope::frontend {

struct Param {
  std::string name;
  bool required = false;
  std::vector<std::string> aliases;  // older spellings (axes= for dims=, output_shape= ...)
};

struct Signature {
  std::vector<Param> params;
  bool positionalOnly = false;  // elementwise ops are bound without py::arg names
};

/// Looks up `fd.<name>` (scope "fd") or `fd.ops.<name>` (scope "ops"); null when unknown.
const Signature* findSignature(std::string_view scope, std::string_view name);

/// Names known in nvFuser that Segscope recognises but cannot build yet.
bool isKnownUnsupported(std::string_view scope, std::string_view name);

/// The closest known name, for "did you mean" hints; empty if nothing is close.
std::string closestName(std::string_view scope, std::string_view name);

/// One slot per parameter; null where the call did not pass it.
using BoundArgs = std::vector<const Node*>;

/// Binds a call's arguments; `label` names the function in messages ("fd.ops.sum").
Result<BoundArgs> bindArguments(const Node& call, const Signature& sig, const std::string& label);

}  // namespace segscope::frontend
