// nvFuser's IR printer output read back: TensorView strings and expressions, in every format
// the printers used since 2023 (research notes: csrc/tensor_view.cpp:64-123, ir/internal_nodes.cpp).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "nvlog/nvlog.h"

namespace segscope::nvlog {

/// The TensorView string starting at text[at] (`T<n>[_<mem>[_<dtype>]][<dims>]`), and where it
/// ends; nullopt when none starts there. `T` must not continue an identifier.
std::optional<LoggedTensor> tensorAt(std::string_view text, std::size_t at, std::size_t* end = nullptr);

/// Every TensorView string in `text`, in order.
std::vector<LoggedTensor> tensorsIn(std::string_view text);

/// Splits printed expressions (their lines, in order) into expressions: a line at column 0
/// starts one once the current one has its `=` (a Welford prints its outputs on separate
/// column-0 lines before it). `(n)` lines name the expression before them.
/// A line that cannot start an expression (a Python print landing inside a printout) goes to
/// `foreign` instead.
std::vector<LoggedExpr> splitExprs(const std::vector<std::pair<int, std::string>>& lines,
                                   std::vector<std::pair<int, std::string>>* foreign = nullptr);

/// Fills op, outputs and inputs of `e` from its text.
void describeExpr(LoggedExpr& e);

}  // namespace segscope::nvlog
