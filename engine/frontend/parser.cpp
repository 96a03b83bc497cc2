// Loads a repro script: finds the fusion definition inside whatever text surrounds it,
// reads its footer (fd.from_pytorch needs it while the body is built), feeds the body to
// the DefinitionBuilder and checks the footer against the definition.
#include <cctype>
#include <set>

#include "frontend/definition_builder.h"
#include "frontend/execute_options.h"
#include "frontend/footer.h"
#include "frontend/script.h"
#include "frontend/syntax.h"
#include "support/file_io.h"

namespace segscope::frontend {

namespace {

std::vector<std::string_view> splitLines(std::string_view source) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start <= source.size()) {
    std::size_t nl = source.find('\n', start);
    if (nl == std::string_view::npos) nl = source.size();
    std::string_view line = source.substr(start, nl - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    start = nl + 1;
  }
  return lines;
}

int indentOf(std::string_view line) {
  int n = 0;
  for (char c : line) {
    if (c == ' ')
      ++n;
    else if (c == '\t')
      n += 8 - n % 8;
    else
      break;
  }
  return n;
}

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

struct Definition {
  int line = 0;    // 1-based line of `def`
  int indent = 0;  // columns before `def`
  std::string name;
  std::string fdName;
};

// Reads `def NAME(PARAM ...` from one line; false when the line is not a def.
bool readDefLine(std::string_view line, Definition& def) {
  std::string_view t = trimmed(line);
  if (t.rfind("def ", 0) != 0) return false;
  t.remove_prefix(4);
  t = trimmed(t);
  std::size_t i = 0;
  while (i < t.size() && (std::isalnum(static_cast<unsigned char>(t[i])) || t[i] == '_')) ++i;
  def.name = std::string(t.substr(0, i));
  t = trimmed(t.substr(i));
  if (def.name.empty() || t.empty() || t.front() != '(') return false;
  t = trimmed(t.substr(1));
  i = 0;
  while (i < t.size() && (std::isalnum(static_cast<unsigned char>(t[i])) || t[i] == '_')) ++i;
  def.fdName = std::string(t.substr(0, i));
  def.indent = indentOf(line);
  return !def.fdName.empty() && def.fdName != "self";
}

// The definition to load: the first `def` whose body talks to its first parameter.
Result<Definition> findDefinition(const std::vector<std::string_view>& lines) {
  std::optional<Definition> firstDef;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    Definition def;
    if (!readDefLine(lines[i], def)) continue;
    def.line = static_cast<int>(i) + 1;
    if (!firstDef) firstDef = def;
    for (std::size_t j = i + 1; j < lines.size(); ++j) {
      const std::string_view body = trimmed(lines[j]);
      if (body.empty() || body.front() == '#') continue;
      if (indentOf(lines[j]) <= def.indent && body.rfind(")", 0) != 0 && body.rfind("]", 0) != 0) break;
      const std::string prefix = def.fdName + ".";
      if (body.find(prefix + "define_") != std::string_view::npos ||
          body.find(prefix + "ops.") != std::string_view::npos ||
          body.find(prefix + "add_output") != std::string_view::npos ||
          body.find(prefix + "Ops.") != std::string_view::npos)
        return def;
    }
  }
  if (firstDef) return *firstDef;
  return makeError(
      "no fusion definition found: expected a function like "
      "'def nvfuser_fusion_id0(fd : FusionDefinition) -> None :'",
      SourceLoc{1, 1});
}

// Collects leading `#` comment lines and which nvFuser module the script imports.
void readPreamble(const std::vector<std::string_view>& lines, Script& script) {
  for (std::string_view line : lines) {
    const std::string_view t = trimmed(line);
    if (t.empty()) continue;
    if (t.front() != '#') break;
    script.header.emplace_back(t);
  }
  for (std::string_view line : lines)
    if (line.find("nvfuser_direct") != std::string_view::npos && line.find("import") != std::string_view::npos)
      script.module = "nvfuser_direct";
}

// Where the `inputs = [` footer starts (1-based), or 0 when there is none.
int findFooterLine(const std::vector<std::string_view>& lines, int fromLine, int toLine) {
  for (std::size_t i = static_cast<std::size_t>(fromLine); i < static_cast<std::size_t>(toLine); ++i) {
    std::string_view t = trimmed(lines[i]);
    if (t.rfind("inputs", 0) != 0) continue;
    t = trimmed(t.substr(6));
    if (!t.empty() && t.front() == '=') {
      t = trimmed(t.substr(1));
      if (!t.empty() && (t.front() == '[' || t.front() == '(')) return static_cast<int>(i) + 1;
    }
  }
  return 0;
}

// The `inputs = [...]` footer, read before the body: its entries (when literal) or the
// error that reading it gave, reported once the body has loaded.
struct Footer {
  int line = 0;  // 0: none
  NodePtr list;
  std::optional<std::vector<InputSpec>> entries;
  std::optional<Error> error;
};

Footer readFooterAt(int line, std::string_view source, Script& script, const ParseOptions& options) {
  Footer footer;
  footer.line = line;
  if (line == 0) return footer;
  SyntaxParser parser(source, line);
  auto st = parser.parseStatement();
  if (!st) {
    footer.error = st.error();
    return footer;
  }
  footer.list = std::move(st->value);
  auto entries = readFooterEntries(*footer.list, script.warnings, options.fileName, source);
  if (!entries)
    footer.error = entries.error();
  else
    footer.entries = std::move(entries.value());
  return footer;
}

// What fd.from_pytorch says when the footer cannot give it an input.
std::string footerUnavailable(const Footer& footer) {
  if (footer.line == 0) return "there is no 'inputs = [...]' footer to read it from";
  if (footer.error)
    return "the footer at line " + std::to_string(footer.line) + " cannot be read: " + footer.error->message;
  return "the footer at line " + std::to_string(footer.line) + " is not a list of literal input descriptions";
}

}  // namespace

ParseOutcome parseScript(std::string_view source, const ParseOptions& options) {
  const auto fail = [&](const Error& e) {
    ParseOutcome failed;
    failed.error = makeDiagnostic(e, options.fileName, source);
    return failed;
  };
  const std::vector<std::string_view> lines = splitLines(source);
  auto def = findDefinition(lines);
  if (!def) return fail(def.error());

  Script script;
  script.fusion = std::make_unique<ir::Fusion>();
  script.functionName = def->name;
  script.fusion->setName(def->name);
  readPreamble(lines, script);
  // The footer follows the definition; a script that builds its inputs first and binds them
  // with fd.from_pytorch(inputs[i]) has them above it.
  int footerLine = findFooterLine(lines, def->line, static_cast<int>(lines.size()));
  if (footerLine == 0) footerLine = findFooterLine(lines, 0, def->line);
  Footer footer = readFooterAt(footerLine, source, script, options);

  DefinitionBuilder builder(*script.fusion, def->fdName);
  builder.setFooterInputs(footer.entries ? &*footer.entries : nullptr, footerUnavailable(footer));
  SyntaxParser parser(source, def->line + 1);
  int lastBodyLine = def->line;
  SourceLoc endLoc{def->line, 1};
  while (parser.skipNewlines()) {
    const Token& tok = parser.current();
    if (tok.kind != TokenKind::Invalid && tok.loc.column - 1 <= def->indent) break;  // dedent: body ended
    static const std::set<std::string> kControlFlow = {"for",  "while",  "if",     "elif",  "else",
                                                       "with", "try",    "def",    "class", "import",
                                                       "from", "global", "assert", "del",   "raise"};
    if (tok.kind == TokenKind::Name && kControlFlow.count(tok.text))
      return fail(makeError("unsupported statement: '" + tok.text +
                                "' in a fusion definition; the body may only contain fd.define_*, fd.ops.* and "
                                "fd.add_output calls (unroll loops as nvFuser's printer does)",
                            tok.loc));
    if (tok.isName("return")) break;
    auto st = parser.parseStatement();
    if (!st) return fail(st.error());
    if (auto status = builder.statement(st.value()); !status) return fail(status.error());
    lastBodyLine = parser.current().loc.line;
    endLoc = st->loc;
  }
  if (auto status = builder.finish(endLoc); !status) return fail(status.error());
  if (auto status = script.fusion->verify(); !status) return fail(status.error());

  if (footer.error) return fail(*footer.error);
  auto executeOptions = readExecuteOptions(lines, source, lastBodyLine);
  if (!executeOptions) return fail(executeOptions.error());
  script.executeOptions = std::move(executeOptions.value());
  if (footer.entries) {
    if (auto st = checkFooter(*footer.entries, *footer.list, *script.fusion); !st) return fail(st.error());
    script.inputs = std::move(*footer.entries);
    script.inputsFromFooter = true;
  } else if (footer.line == 0) {
    const Error e =
        makeError("no 'inputs = [...]' footer; inputs will be generated from the definition (symbolic extents = 8)",
                  SourceLoc{lastBodyLine, 1});
    if (options.requireFooter) return fail(e);
    script.warnings.push_back(makeDiagnostic(e, options.fileName, source, Severity::Warning));
  }
  if (!script.inputsFromFooter) {
    script.inputs = defaultInputs(*script.fusion);
    // Inputs made from the definition must be tensors torch could make, or the script we
    // write back (with them as its footer) would not load again.
    const auto& declared = script.fusion->inputs();
    for (std::size_t i = 0; i < script.inputs.size(); ++i)
      if (auto st = checkInputLayout(script.inputs[i]); !st)
        return fail(makeError("cannot make an input for " + declared[i]->name() + " from the definition: " +
                                  st.error().message + " (symbolic extents = 8); give an 'inputs = [...]' footer",
                              declared[i]->loc().known() ? declared[i]->loc() : SourceLoc{lastBodyLine, 1}));
  }
  ParseOutcome outcome;
  outcome.script = std::move(script);
  return outcome;
}

ParseOutcome loadScriptFile(const std::string& path) {
  auto text = support::readTextFile(path);
  if (!text) {
    ParseOutcome failed;
    failed.error.file = path;
    failed.error.message = text.error().message.substr(path.size() + 2);
    return failed;
  }
  ParseOptions options;
  options.fileName = path;
  return parseScript(text.value(), options);
}

}  // namespace segscope::frontend
