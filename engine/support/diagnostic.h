// User-facing diagnostics in the compiler style `file:line:col: error: message` + caret.
#pragma once

#include <string>
#include <string_view>

#include "support/result.h"

namespace segscope {

enum class Severity { Error, Warning, Note };

struct Diagnostic {
  Severity severity = Severity::Error;
  std::string file;
  SourceLoc loc;
  std::string message;
  std::string sourceLine;  // the offending line, for the caret display

  /// `file:line:col: error: message`, then the source line and a caret under the column.
  std::string format() const;
};

/// Builds a diagnostic for `error`, taking the quoted line from `source`.
Diagnostic makeDiagnostic(const Error& error, std::string_view file, std::string_view source,
                          Severity severity = Severity::Error);

}  // namespace segscope
