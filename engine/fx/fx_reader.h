// Reads FX graph printouts: GraphModule.print_readable() text, tlparse artifacts, and
// TORCH_LOGS output (logger prefixes, `TRACED GRAPH` banners, `[rankN]:` prefixes of torchrun).
#pragma once

#include <string_view>

#include "fx/fx_graph.h"
#include "support/result.h"

namespace segscope::fx {

/// True when `text` holds an FX printout (a `class X(torch.nn.Module):` with a forward whose
/// body calls torch.ops), as opposed to an nvFuser repro script.
bool looksLikeFxText(std::string_view text);

/// Every graph in `text`. Errors carry the 1-based line and column in `text`.
Result<Document> readFxText(std::string_view text);

}  // namespace segscope::fx
