// Formatting of diagnostics with the offending line and a caret.
#include "support/diagnostic.h"

namespace segscope {
namespace {

std::string_view severityName(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Note: return "note";
  }
  return "error";
}

std::string_view lineOf(std::string_view source, int line) {
  std::size_t start = 0;
  for (int i = 1; i < line; ++i) {
    const std::size_t nl = source.find('\n', start);
    if (nl == std::string_view::npos) return {};
    start = nl + 1;
  }
  std::size_t end = source.find('\n', start);
  if (end == std::string_view::npos) end = source.size();
  std::string_view text = source.substr(start, end - start);
  if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
  return text;
}

}  // namespace

std::string Diagnostic::format() const {
  std::string out = file.empty() ? std::string("<input>") : file;
  if (loc.known()) {
    out += ':' + std::to_string(loc.line) + ':' + std::to_string(loc.column > 0 ? loc.column : 1);
  }
  out += ": ";
  out += severityName(severity);
  out += ": " + message + '\n';
  if (loc.known() && !sourceLine.empty()) {
    out += "    " + sourceLine + '\n';
    std::string caret(4 + static_cast<std::size_t>(loc.column > 0 ? loc.column - 1 : 0), ' ');
    // Keep tabs so the caret lines up under tab-indented source.
    for (std::size_t i = 0; i + 4 < caret.size() && i < sourceLine.size(); ++i)
      if (sourceLine[i] == '\t') caret[i + 4] = '\t';
    out += caret + "^\n";
  }
  return out;
}

Diagnostic makeDiagnostic(const Error& error, std::string_view file, std::string_view source, Severity severity) {
  Diagnostic d;
  d.severity = severity;
  d.file = std::string(file);
  d.loc = error.loc;
  d.message = error.message;
  if (error.loc.known()) d.sourceLine = std::string(lineOf(source, error.loc.line));
  return d;
}

}  // namespace segscope
