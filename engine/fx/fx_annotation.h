// The value annotations of FX printouts: `"bf16[8192, 4096][4096, 1]cuda:0"`, `"Sym(s0)"`.
#pragma once

#include <string_view>

#include "fx/fx_graph.h"
#include "support/result.h"

namespace segscope::fx {

/// Parses the text between the quotes. An error's column is 1-based within `text`.
Result<ValueMeta> parseAnnotation(std::string_view text);

}  // namespace segscope::fx
