// The FX graph's value arithmetic: element sizes of PyTorch's dtype abbreviations and printed
// (possibly symbolic) sizes evaluated with the user's symbol values.
#include "fx/fx_graph.h"

#include <cctype>
#include <string_view>

namespace segscope::fx {
namespace {

// Recursive descent over `+ - * // %`, parentheses, integers and symbols: the forms sympy
// prints sizes in ("4096*s0", "s0 + 1", "((s1 + 1)//2)"). Anything else (Max, CeilDiv, ...)
// fails, and the caller reports the size as unknown.
class SizeEvaluator {
 public:
  SizeEvaluator(std::string_view text, const SymbolValues& symbols) : s_(text), symbols_(symbols) {}

  std::optional<std::int64_t> run() {
    auto v = sum();
    skipBlanks();
    if (!v || pos_ != s_.size()) return std::nullopt;
    return v;
  }

 private:
  void skipBlanks() {
    while (pos_ < s_.size() && s_[pos_] == ' ') ++pos_;
  }
  bool take(std::string_view op) {
    skipBlanks();
    if (s_.substr(pos_, op.size()) != op) return false;
    pos_ += op.size();
    return true;
  }
  std::optional<std::int64_t> sum() {
    auto v = product();
    while (v) {
      if (take("+")) {
        auto r = product();
        if (!r) return std::nullopt;
        *v += *r;
      } else if (take("-")) {
        auto r = product();
        if (!r) return std::nullopt;
        *v -= *r;
      } else {
        break;
      }
    }
    return v;
  }
  std::optional<std::int64_t> product() {
    auto v = unary();
    while (v) {
      if (take("//")) {
        auto r = unary();
        if (!r || *r == 0) return std::nullopt;
        *v = floorDiv(*v, *r);
      } else if (take("*")) {
        auto r = unary();
        if (!r) return std::nullopt;
        *v *= *r;
      } else if (take("%")) {
        auto r = unary();
        if (!r || *r == 0) return std::nullopt;
        *v = *v - floorDiv(*v, *r) * *r;
      } else {
        break;
      }
    }
    return v;
  }
  static std::int64_t floorDiv(std::int64_t a, std::int64_t b) {
    std::int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return q;
  }
  std::optional<std::int64_t> unary() {
    if (take("-")) {
      auto v = unary();
      if (!v) return std::nullopt;
      return -*v;
    }
    return atom();
  }
  std::optional<std::int64_t> atom() {
    skipBlanks();
    if (take("(")) {
      auto v = sum();
      if (!v || !take(")")) return std::nullopt;
      return v;
    }
    const std::size_t start = pos_;
    if (pos_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[pos_]))) {
      std::int64_t v = 0;
      while (pos_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[pos_]))) {
        if (v > (INT64_MAX - 9) / 10) return std::nullopt;
        v = v * 10 + (s_[pos_++] - '0');
      }
      return v;
    }
    while (pos_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '_')) ++pos_;
    if (pos_ == start) return std::nullopt;
    const auto it = symbols_.find(std::string(s_.substr(start, pos_ - start)));
    if (it == symbols_.end()) return std::nullopt;
    return it->second;
  }

  std::string_view s_;
  const SymbolValues& symbols_;
  std::size_t pos_ = 0;
};

}  // namespace

int Graph::nodeIndex(const std::string& name) const {
  for (std::size_t i = 0; i < nodes.size(); ++i)
    if (nodes[i].name == name) return static_cast<int>(i);
  return -1;
}

// torch/_subclasses/fake_tensor.py / torch/utils/_dtype_abbrs.py: the abbreviations
// print_readable writes, with the element sizes of the dtypes they stand for.
int elementBytes(const std::string& dtype) {
  static const std::map<std::string, int, std::less<>> sizes = {
      {"f64", 8},        {"f32", 4},        {"f16", 2},       {"bf16", 2},        {"c32", 4},      {"c64", 8},
      {"c128", 16},      {"i8", 1},         {"i16", 2},       {"i32", 4},         {"i64", 8},      {"u8", 1},
      {"u16", 2},        {"u32", 4},        {"u64", 8},       {"b8", 1},          {"f8e4m3fn", 1}, {"f8e5m2", 1},
      {"f8e4m3fnuz", 1}, {"f8e5m2fnuz", 1}, {"f8e8m0fnu", 1}, {"f4e2m1fn_x2", 1}, {"bits8", 1},    {"bits16", 2},
      {"bits32", 4},     {"bits1x8", 1},    {"bits2x4", 1},   {"bits4x2", 1},     {"qi8", 1},      {"qu8", 1},
      {"qi32", 4},       {"qu4x2", 1},      {"qu2x4", 1},
  };
  const auto it = sizes.find(dtype);
  return it == sizes.end() ? 0 : it->second;
}

std::optional<std::int64_t> evaluateSize(const SizeExpr& size, const SymbolValues& symbols) {
  if (size.value) return size.value;
  return SizeEvaluator(size.text, symbols).run();
}

std::optional<std::int64_t> tensorBytes(const ValueMeta& meta, const SymbolValues& symbols) {
  if (meta.kind != ValueMeta::Kind::Tensor) return std::nullopt;
  const int element = elementBytes(meta.dtype);
  if (element == 0) return std::nullopt;
  std::int64_t numel = 1;
  for (const SizeExpr& s : meta.sizes) {
    const auto v = evaluateSize(s, symbols);
    if (!v || *v < 0) return std::nullopt;
    numel *= *v;
  }
  return numel * element;
}

std::string describeTarget(const Node& node) {
  switch (node.op) {
    case NodeOp::CallFunction: return node.torchOp ? "torch.ops." + node.target : node.target;
    case NodeOp::CallMethod: return "." + node.target;
    default: return node.target;
  }
}

std::string_view nodeOpName(NodeOp op) {
  switch (op) {
    case NodeOp::Placeholder: return "placeholder";
    case NodeOp::CallFunction: return "call_function";
    case NodeOp::CallMethod: return "call_method";
    case NodeOp::GetAttr: return "get_attr";
    case NodeOp::Output: return "output";
  }
  return "?";
}

}  // namespace segscope::fx
