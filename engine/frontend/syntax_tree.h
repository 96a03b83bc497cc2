// The expression tree of the Python subset that repro scripts are parsed into (syntax.h
// parses it, literal_arithmetic.h folds it), positioned for diagnostics.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "support/result.h"

namespace segscope::frontend {

/// Expression tree of the subset.
struct Node {
  enum class Kind { Name, Int, Float, String, List, Tuple, Call, Attribute, Subscript, Negate, BinaryOp };
  Kind kind = Kind::Name;
  std::string text;  // name, attribute name, literal text; the operator of a BinaryOp
  std::int64_t intValue = 0;
  double floatValue = 0;
  SourceLoc loc;
  std::vector<std::unique_ptr<Node>> items;  // list/tuple items, call args; [0] = callee/object; BinaryOp: lhs, rhs
  std::vector<std::pair<std::string, std::unique_ptr<Node>>> keywords;  // call keyword args
  std::vector<SourceLoc> keywordLocs;

  bool isName(std::string_view n) const { return kind == Kind::Name && text == n; }
  /// "torch.testing.make_tensor" for an attribute chain of names; empty otherwise.
  std::string dottedName() const;
};

using NodePtr = std::unique_ptr<Node>;

/// A statement of a definition body: `a, b = expr`, or a bare expression.
struct Statement {
  std::vector<std::pair<std::string, SourceLoc>> targets;
  NodePtr value;
  SourceLoc loc;
};

}  // namespace segscope::frontend
