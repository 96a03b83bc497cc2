// Python arithmetic on number literals (`2 * 32` in a footer size), folded while parsing.
#pragma once

#include <string_view>

#include "frontend/syntax_tree.h"

namespace segscope::frontend {

/// Whether `op` is a binary arithmetic operator of the subset (+ - * / // % **).
bool isArithmeticOperator(std::string_view op);

/// `lhs op rhs` with Python's semantics when both are Int/Float literals (a literal
/// result), otherwise a BinaryOp node. Division by zero and int64 overflow are errors at
/// `opLoc` (Python's ints are unbounded; ours are not).
Result<NodePtr> combineArithmetic(std::string_view op, NodePtr lhs, NodePtr rhs, SourceLoc opLoc);

}  // namespace segscope::frontend
