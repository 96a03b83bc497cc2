// Reading nvFuser's printed TensorViews and expressions (see ir_text.h).
#include "nvlog/ir_text.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

namespace segscope::nvlog {
namespace {

bool isIdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool isDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }
bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && isSpace(s.front())) s.remove_prefix(1);
  while (!s.empty() && isSpace(s.back())) s.remove_suffix(1);
  return s;
}

// csrc/tensor_view.cpp:67-85: global, shared, local, tensor memory, symmetric.
bool isMemoryType(std::string_view m) { return m == "g" || m == "s" || m == "l" || m == "t" || m == "sym"; }

// The domain between the brackets, split at the top-level ", " (extents print as `( i0 * 2 )`
// and `ceilDiv(i0, 32)`). A real IterDomain always has its `{extent}`; the old 0-dim `[ 0 ]`
// has none.
std::vector<std::string> splitDims(std::string_view domain) {
  std::vector<std::string> dims;
  int depth = 0;
  std::size_t start = 0;
  const auto flush = [&](std::size_t end) {
    const std::string_view dim = trimmed(domain.substr(start, end - start));
    if (dim.find('{') != std::string_view::npos) dims.emplace_back(dim);
  };
  for (std::size_t i = 0; i < domain.size(); ++i) {
    const char c = domain[i];
    if (c == '(' || c == '{') ++depth;
    if ((c == ')' || c == '}') && depth > 0) --depth;
    if (c == ',' && depth == 0) {
      flush(i);
      start = i + 1;
    }
  }
  flush(domain.size());
  return dims;
}

// Binary operators as IrPrinter writes them (csrc/ir/internal_nodes.cpp:926-950), longest first.
constexpr std::array<std::pair<std::string_view, std::string_view>, 17> kBinaryOps{{
    {"&&", "logical_and"},
    {"||", "logical_or"},
    {"<<", "lshift"},
    {">>", "rshift"},
    {"<=", "le"},
    {">=", "ge"},
    {"==", "eq"},
    {"!=", "ne"},
    {"+", "add"},
    {"-", "sub"},
    {"*", "mul"},
    {"/", "div"},
    {"%", "fmod"},
    {"<", "lt"},
    {">", "gt"},
    {"&", "bitwise_and"},
    {"|", "bitwise_or"},
}};

// Past one operand: a TensorView string, or a scalar token such as `i4`, `float(0)`,
// `double(1.0000000000000001e-05)` or `( i23 + 768 )`.
std::size_t skipOperand(std::string_view s, std::size_t at) {
  std::size_t end = 0;
  if (tensorAt(s, at, &end)) return end;
  int depth = 0;
  std::size_t i = at;
  for (; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '(') ++depth;
    if (c == ')') {
      if (depth == 0) break;
      --depth;
      if (depth == 0) {
        ++i;
        break;
      }
      continue;
    }
    if (depth == 0 && !isIdentChar(c) && c != '.') break;
  }
  return i;
}

// A cast prints as a conversion function (`__float2half(`) or a C cast (`(float)(`).
bool isCastFunction(std::string_view name) {
  return name.size() > 2 && name.starts_with("__") && name.find('2') != std::string_view::npos;
}

std::string opOf(std::string_view rhs) {
  rhs = trimmed(rhs);
  if (rhs.empty()) return {};
  if (rhs[0] == '-') return "neg";
  if (rhs[0] == '!') return "not";
  if (rhs[0] == '~') return "bitwise_not";
  if (rhs[0] == '(') {
    const std::size_t close = rhs.find(')');
    if (close != std::string_view::npos && close + 1 < rhs.size() && rhs[close + 1] == '(') return "cast";
  }
  std::size_t end = 0;
  if (!tensorAt(rhs, 0, &end)) {
    std::size_t i = 0;
    while (i < rhs.size() && (isIdentChar(rhs[i]) || rhs[i] == '.')) ++i;
    std::size_t j = i;
    while (j < rhs.size() && rhs[j] == ' ') ++j;
    if (i > 0 && j < rhs.size() && rhs[j] == '(') {
      const std::string_view name = rhs.substr(0, i);
      return isCastFunction(name) ? "cast" : std::string(name);
    }
  }
  std::size_t i = skipOperand(rhs, 0);
  while (i < rhs.size() && isSpace(rhs[i])) ++i;
  if (i >= rhs.size() || rhs[i] == ';') return "set";
  for (const auto& [symbol, name] : kBinaryOps)
    if (rhs.substr(i).starts_with(symbol)) return std::string(name);
  return {};
}

// Where the assignment `=` of an expression is: outside any bracket, not part of a comparison;
// npos when `s` has none. The whole of `s` is scanned, as `depth` carries the bracket depth
// across the lines of one expression.
std::size_t scanForAssign(std::string_view s, int& depth) {
  std::size_t found = std::string_view::npos;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '(' || c == '[' || c == '{') ++depth;
    if ((c == ')' || c == ']' || c == '}') && depth > 0) --depth;
    if (c != '=' || depth != 0 || found != std::string_view::npos) continue;
    const char before = i > 0 ? s[i - 1] : ' ';
    const char after = i + 1 < s.size() ? s[i + 1] : ' ';
    if (before != '=' && before != '<' && before != '>' && before != '!' && after != '=') found = i;
  }
  return found;
}

bool lineHasAssign(std::string_view line, int& depth) { return scanForAssign(line, depth) != std::string_view::npos; }

std::size_t assignIn(std::string_view text) {
  int depth = 0;
  return scanForAssign(text, depth);
}

// `(12)` alone on its line: the name of the expression above it in a group's details.
std::optional<int> exprNameLine(std::string_view line) {
  line = trimmed(line);
  if (line.size() < 3 || line.front() != '(' || line.back() != ')') return std::nullopt;
  const std::string_view digits = line.substr(1, line.size() - 2);
  if (digits.size() > 9 || !std::all_of(digits.begin(), digits.end(), isDigit)) return std::nullopt;
  return std::stoi(std::string(digits));
}

// What an expression's first line starts with: an output TensorView (`T3_g_float[…]`), or a
// scalar output and its `=` (`i23 = 0 + 768;`, `d18 = (double)(1);`).
bool startsExpr(std::string_view line) {
  if (tensorAt(line, 0)) return true;
  std::size_t i = 0;
  while (i < line.size() && std::islower(static_cast<unsigned char>(line[i]))) ++i;
  const std::size_t letters = i;
  while (i < line.size() && isDigit(line[i])) ++i;
  return letters > 0 && letters <= 2 && i > letters && line.substr(i).starts_with(" = ");
}

}  // namespace

int LoggedTensor::reductionDims() const {
  return static_cast<int>(
      std::count_if(dims.begin(), dims.end(), [](const std::string& d) { return d.starts_with('r'); }));
}

std::optional<LoggedTensor> tensorAt(std::string_view text, std::size_t at, std::size_t* end) {
  if (at >= text.size() || text[at] != 'T' || (at > 0 && isIdentChar(text[at - 1]))) return std::nullopt;
  std::size_t i = at + 1;
  const std::size_t digits = i;
  while (i < text.size() && isDigit(text[i])) ++i;
  if (i == digits || i - digits > 9) return std::nullopt;
  LoggedTensor tv;
  tv.number = std::stoi(std::string(text.substr(digits, i - digits)));
  if (i < text.size() && text[i] == '_') {
    std::size_t m = i + 1;
    while (m < text.size() && std::islower(static_cast<unsigned char>(text[m]))) ++m;
    if (!isMemoryType(text.substr(i + 1, m - i - 1))) return std::nullopt;
    tv.memory = std::string(text.substr(i + 1, m - i - 1));
    i = m;
    if (i < text.size() && text[i] == '_') {
      const std::size_t open = text.find('[', i);
      if (open == std::string_view::npos) return std::nullopt;
      const std::string_view dtype = text.substr(i + 1, open - i - 1);
      if (dtype.empty() || std::any_of(dtype.begin(), dtype.end(), [](char c) { return isSpace(c) || c == ','; }))
        return std::nullopt;
      tv.dtype = std::string(dtype);
      i = open;
    }
  }
  if (i >= text.size() || text[i] != '[') return std::nullopt;
  const std::size_t close = text.find(']', i);
  if (close == std::string_view::npos) return std::nullopt;
  tv.dims = splitDims(text.substr(i + 1, close - i - 1));
  tv.text = std::string(text.substr(at, close + 1 - at));
  if (end) *end = close + 1;
  return tv;
}

std::vector<LoggedTensor> tensorsIn(std::string_view text) {
  std::vector<LoggedTensor> found;
  for (std::size_t i = text.find('T'); i != std::string_view::npos; i = text.find('T', i + 1)) {
    std::size_t end = 0;
    if (auto tv = tensorAt(text, i, &end)) {
      found.push_back(std::move(*tv));
      i = end - 1;
    }
  }
  return found;
}

void describeExpr(LoggedExpr& e) {
  const std::size_t eq = assignIn(e.text);
  if (eq == std::string::npos) return;
  const std::string_view text(e.text);
  e.outputs = tensorsIn(text.substr(0, eq));
  for (LoggedTensor& tv : tensorsIn(text.substr(eq + 1)))
    if (std::none_of(e.inputs.begin(), e.inputs.end(), [&](const LoggedTensor& in) { return in.number == tv.number; }))
      e.inputs.push_back(std::move(tv));
  e.op = opOf(text.substr(eq + 1));
}

std::vector<LoggedExpr> splitExprs(const std::vector<std::pair<int, std::string>>& lines,
                                   std::vector<std::pair<int, std::string>>* foreign) {
  std::vector<LoggedExpr> exprs;
  bool open = false;      // the last expression may still take lines
  bool assigned = false;  // it has its `=`
  int depth = 0;
  for (const auto& [number, text] : lines) {
    const std::string_view t = trimmed(text);
    if (t.empty() || t == "..." || t == "[TRUNCATED]") continue;  // blank, or an elision in a pasted log
    if (auto name = exprNameLine(text)) {
      if (!exprs.empty()) exprs.back().name = *name;
      open = false;
      continue;
    }
    const bool columnZero = !isSpace(text.front());
    if ((!open || columnZero) && !startsExpr(text)) {  // only an expression's own lines are indented
      if (foreign) foreign->emplace_back(number, text);
      continue;
    }
    if (!open || (columnZero && assigned)) {
      exprs.push_back(LoggedExpr{number, text, {}, {}, {}, -1});
      open = true;
      depth = 0;
      assigned = lineHasAssign(text, depth);
      continue;
    }
    exprs.back().text += '\n';
    exprs.back().text += text;
    assigned = lineHasAssign(text, depth) || assigned;
  }
  for (LoggedExpr& e : exprs) describeExpr(e);
  return exprs;
}

}  // namespace segscope::nvlog
