// Folds arithmetic on number literals with Python's rules: int op int stays int (floor
// division and modulo round toward negative infinity), '/' and any float operand give a float.
#include "frontend/literal_arithmetic.h"

#include <cmath>
#include <cstdio>
#include <limits>

namespace segscope::frontend {
namespace {

bool isNumber(const Node& n) { return n.kind == Node::Kind::Int || n.kind == Node::Kind::Float; }
double asDouble(const Node& n) { return n.kind == Node::Kind::Int ? static_cast<double>(n.intValue) : n.floatValue; }

NodePtr intNode(std::int64_t v, SourceLoc loc) {
  auto n = std::make_unique<Node>();
  n->kind = Node::Kind::Int;
  n->intValue = v;
  n->text = std::to_string(v);
  n->loc = loc;
  return n;
}

NodePtr floatNode(double v, SourceLoc loc) {
  auto n = std::make_unique<Node>();
  n->kind = Node::Kind::Float;
  n->floatValue = v;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  n->text = buf;
  if (n->text.find_first_of(".eEn") == std::string::npos) n->text += ".0";  // stays a float literal
  n->loc = loc;
  return n;
}

Error overflow(std::string_view op, SourceLoc loc) {
  return makeError("integer result of '" + std::string(op) + "' does not fit in 64 bits", loc);
}

// Python's int ** int for a non-negative exponent, by squaring with overflow checks.
Result<std::int64_t> intPower(std::int64_t base, std::int64_t exponent, SourceLoc loc) {
  std::int64_t result = 1;
  while (exponent > 0) {
    if (exponent & 1)
      if (__builtin_mul_overflow(result, base, &result)) return overflow("**", loc);
    exponent >>= 1;
    if (exponent > 0 && __builtin_mul_overflow(base, base, &base)) return overflow("**", loc);
  }
  return result;
}

Result<NodePtr> foldInts(std::string_view op, std::int64_t a, std::int64_t b, SourceLoc loc, SourceLoc opLoc) {
  std::int64_t r = 0;
  if (op == "+") {
    if (__builtin_add_overflow(a, b, &r)) return overflow(op, opLoc);
  } else if (op == "-") {
    if (__builtin_sub_overflow(a, b, &r)) return overflow(op, opLoc);
  } else if (op == "*") {
    if (__builtin_mul_overflow(a, b, &r)) return overflow(op, opLoc);
  } else if (op == "//" || op == "%") {
    if (b == 0) return makeError("division by zero in '" + std::string(op) + "'", opLoc);
    if (a == std::numeric_limits<std::int64_t>::min() && b == -1) return overflow(op, opLoc);
    std::int64_t q = a / b, m = a % b;
    if (m != 0 && ((m < 0) != (b < 0))) {  // C++ truncates toward zero, Python floors
      --q;
      m += b;
    }
    r = op == "//" ? q : m;
  } else if (op == "**") {
    if (b < 0 && a == 0) return makeError("division by zero in '**' (0 to a negative power)", opLoc);
    if (b < 0) return floatNode(std::pow(static_cast<double>(a), static_cast<double>(b)), loc);
    SEGSCOPE_TRY(r, intPower(a, b, opLoc));
  } else {  // "/"
    if (b == 0) return makeError("division by zero in '/'", opLoc);
    return floatNode(static_cast<double>(a) / static_cast<double>(b), loc);
  }
  return intNode(r, loc);
}

Result<NodePtr> foldFloats(std::string_view op, double a, double b, SourceLoc loc, SourceLoc opLoc) {
  if ((op == "/" || op == "//" || op == "%") && b == 0.0)
    return makeError("division by zero in '" + std::string(op) + "'", opLoc);
  if (op == "**" && a == 0.0 && b < 0.0) return makeError("division by zero in '**' (0 to a negative power)", opLoc);
  double r = 0;
  if (op == "+")
    r = a + b;
  else if (op == "-")
    r = a - b;
  else if (op == "*")
    r = a * b;
  else if (op == "/")
    r = a / b;
  else if (op == "//")
    r = std::floor(a / b);
  else if (op == "%")
    r = a - b * std::floor(a / b);
  else
    r = std::pow(a, b);
  return floatNode(r, loc);
}

}  // namespace

bool isArithmeticOperator(std::string_view op) {
  return op == "+" || op == "-" || op == "*" || op == "/" || op == "//" || op == "%" || op == "**";
}

Result<NodePtr> combineArithmetic(std::string_view op, NodePtr lhs, NodePtr rhs, SourceLoc opLoc) {
  const SourceLoc loc = lhs->loc;  // an expression is positioned where it begins, as in Python
  if (isNumber(*lhs) && isNumber(*rhs)) {
    if (lhs->kind == Node::Kind::Int && rhs->kind == Node::Kind::Int)
      return foldInts(op, lhs->intValue, rhs->intValue, loc, opLoc);
    return foldFloats(op, asDouble(*lhs), asDouble(*rhs), loc, opLoc);
  }
  auto node = std::make_unique<Node>();
  node->kind = Node::Kind::BinaryOp;
  node->text = std::string(op);
  node->loc = loc;
  node->items.push_back(std::move(lhs));
  node->items.push_back(std::move(rhs));
  return NodePtr(std::move(node));
}

}  // namespace segscope::frontend
