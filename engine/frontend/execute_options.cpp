// The `_enable_options` / `_disable_options` keywords of a script's execute call.
#include "frontend/execute_options.h"

#include <algorithm>
#include <cctype>

#include "frontend/syntax.h"

namespace segscope::frontend {
namespace {

std::string_view trimmedLine(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  const auto last = s.find_last_not_of(" \t\r");
  return s.substr(first, last - first + 1);
}

// `fd.execute(`, `outputs = fd.execute(`, `(out,) = fd.execute(`: an identifier followed by
// `.execute(` somewhere on a line that is not a comment.
bool isExecuteLine(std::string_view line) {
  const std::string_view t = trimmedLine(line);
  if (t.empty() || t.front() == '#') return false;
  const auto at = t.find(".execute(");
  if (at == std::string_view::npos || at == 0) return false;
  const char before = t[at - 1];
  return std::isalnum(static_cast<unsigned char>(before)) || before == '_';
}

// `source` with the part of `line` (a view into it) before the `<name>.execute(` call blanked.
std::string withoutTarget(std::string_view source, std::string_view line) {
  std::string text(source);
  const std::size_t lineStart = static_cast<std::size_t>(line.data() - source.data());
  std::size_t callStart = line.find(".execute(");
  while (callStart > 0 && (std::isalnum(static_cast<unsigned char>(line[callStart - 1])) || line[callStart - 1] == '_'))
    --callStart;
  for (std::size_t k = 0; k < callStart; ++k)
    if (line[k] != ' ' && line[k] != '\t') text[lineStart + k] = ' ';
  return text;
}

// A list (or tuple) of option-name strings.
Result<std::vector<std::string>> optionNames(const Node& value, std::string_view keyword) {
  if (value.kind != Node::Kind::List && value.kind != Node::Kind::Tuple)
    return makeError(std::string(keyword) + " must be a list of option names, e.g. [\"fuse_matmul\"]", value.loc);
  std::vector<std::string> names;
  for (const NodePtr& item : value.items) {
    if (item->kind != Node::Kind::String)
      return makeError(std::string(keyword) + " must list option names as strings", item->loc);
    names.push_back(item->text);
  }
  return names;
}

// The execute call of a parsed statement, or null (a line that only mentions `.execute(`).
const Node* executeCall(const Statement& statement) {
  const Node* value = statement.value.get();
  if (!value || value->kind != Node::Kind::Call) return nullptr;
  const Node* callee = value->items.front().get();
  return callee->kind == Node::Kind::Attribute && callee->text == "execute" ? value : nullptr;
}

}  // namespace

Result<ExecuteOptions> readExecuteOptions(const std::vector<std::string_view>& lines, std::string_view source,
                                          int afterLine) {
  ExecuteOptions options;
  for (std::size_t i = static_cast<std::size_t>(std::max(afterLine, 0)); i < lines.size(); ++i) {
    if (!isExecuteLine(lines[i])) continue;
    const bool namesOptions = lines[i].find("_options") != std::string_view::npos;
    // `(out,) = fd.execute(...)` or `outputs = ...`: only the call matters, so what precedes it
    // on its line is blanked (columns, hence diagnostics, stay where they were).
    const std::string text = withoutTarget(source, lines[i]);
    SyntaxParser parser(text, static_cast<int>(i) + 1);
    auto statement = parser.parseStatement();
    // A call we cannot read is harmless unless it sets options: those must not be lost quietly.
    if (!statement) {
      if (namesOptions) return statement.error();
      continue;
    }
    const Node* call = executeCall(*statement);
    if (!call) continue;
    for (std::size_t k = 0; k < call->keywords.size(); ++k) {
      const auto& [keyword, value] = call->keywords[k];
      if (keyword != "_enable_options" && keyword != "_disable_options") continue;
      SEGSCOPE_TRY(auto names, optionNames(*value, keyword));
      const SourceLoc loc = k < call->keywordLocs.size() ? call->keywordLocs[k] : value->loc;
      auto& list = keyword == "_enable_options" ? options.enable : options.disable;
      for (std::string& name : names) list.push_back({std::move(name), loc});
    }
    options.loc = call->loc;
    return options;
  }
  return options;
}

}  // namespace segscope::frontend
