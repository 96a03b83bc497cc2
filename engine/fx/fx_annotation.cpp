// Annotation grammar (torch/fx/graph.py, _format_target / type annotations with
// include_stride and include_device): dtype, then [sizes], optionally [strides], then a device;
// or Sym(expr) for symbolic integers, floats and booleans.
#include "fx/fx_annotation.h"

#include <cctype>

namespace segscope::fx {
namespace {

Error annotationError(std::string message, std::size_t at) {
  return makeError(std::move(message), SourceLoc{1, static_cast<int>(at) + 1});
}

// "[8192, 4096*s0]" starting at text[pos] == '['; advances pos past the ']'. Commas inside
// parentheses belong to one entry ("Max(1, s0)").
Result<std::vector<SizeExpr>> parseDimList(std::string_view text, std::size_t& pos) {
  std::vector<SizeExpr> dims;
  const std::size_t open = pos++;
  std::string current;
  int depth = 0;
  auto flush = [&]() -> Status {
    std::size_t b = current.find_first_not_of(' ');
    std::size_t e = current.find_last_not_of(' ');
    if (b == std::string::npos) return annotationError("empty size in the annotation", pos - 1);
    SizeExpr d{current.substr(b, e - b + 1), std::nullopt};
    bool digits = !d.text.empty();
    for (char c : d.text) digits = digits && std::isdigit(static_cast<unsigned char>(c));
    if (digits && d.text.size() < 19) d.value = std::stoll(d.text);
    dims.push_back(std::move(d));
    current.clear();
    return {};
  };
  for (; pos < text.size(); ++pos) {
    const char c = text[pos];
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if (depth == 0 && c == ']') {
      if (!(dims.empty() && current.find_first_not_of(' ') == std::string::npos))
        if (auto st = flush(); !st) return st.error();
      ++pos;
      return dims;
    }
    if (depth == 0 && c == ',') {
      if (auto st = flush(); !st) return st.error();
      continue;
    }
    current += c;
  }
  return annotationError("'[' is never closed", open);
}

}  // namespace

Result<ValueMeta> parseAnnotation(std::string_view text) {
  ValueMeta meta;
  meta.text = std::string(text);
  if (text.starts_with("Sym(")) {
    if (!text.ends_with(")")) return annotationError("Sym( is never closed", 3);
    meta.kind = ValueMeta::Kind::Sym;
    meta.symExpr = std::string(text.substr(4, text.size() - 5));
    return meta;
  }
  std::size_t pos = 0;
  while (pos < text.size() && (std::isalnum(static_cast<unsigned char>(text[pos])) || text[pos] == '_')) ++pos;
  if (pos == 0) return annotationError("expected a dtype (such as f32 or bf16) or Sym(...)", 0);
  meta.dtype = std::string(text.substr(0, pos));
  if (pos >= text.size() || text[pos] != '[')
    return annotationError("expected '[' and the sizes after the dtype '" + meta.dtype + "'", pos);
  SEGSCOPE_TRY(meta.sizes, parseDimList(text, pos));
  if (pos < text.size() && text[pos] == '[') {
    SEGSCOPE_TRY(meta.strides, parseDimList(text, pos));
    if (meta.strides.size() != meta.sizes.size())
      return annotationError("the annotation has " + std::to_string(meta.sizes.size()) + " sizes but " +
                                 std::to_string(meta.strides.size()) + " strides",
                             pos - 1);
  }
  meta.device = std::string(text.substr(pos));
  meta.kind = ValueMeta::Kind::Tensor;
  return meta;
}

}  // namespace segscope::fx
