// Runs a segscope-cli command inside the test process: the same parse and dispatch as main(),
// with std::cout and std::cerr captured. For suites that run a command hundreds of times, where
// starting a sanitized process each time costs more than the command; a few real process spawns
// (tests/cli/cli_process.h) stay to check main() itself, exit codes and crashes.
#pragma once

#include <QString>
#include <QStringList>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/arguments.h"
#include "cli/cli_process.h"
#include "cli/commands/commands.h"

namespace segscope::testing {

/// Redirects a stream into a string buffer for one scope.
class CapturedStream {
 public:
  explicit CapturedStream(std::ostream& stream) : stream_(stream), saved_(stream.rdbuf(buffer_.rdbuf())) {}
  ~CapturedStream() { stream_.rdbuf(saved_); }
  CapturedStream(const CapturedStream&) = delete;
  CapturedStream& operator=(const CapturedStream&) = delete;
  QString text() const { return QString::fromStdString(buffer_.str()); }

 private:
  std::ostream& stream_;
  std::ostringstream buffer_;
  std::streambuf* saved_;
};

/// `segscope-cli ARGS` in this process. Only for commands that write through iostreams (the
/// survey table uses printf); a crash takes the test down with it, which fails it as loudly.
inline Run cliInProcess(const QStringList& args) {
  std::vector<std::string> argv;
  for (const QString& a : args) argv.push_back(a.toStdString());
  Run r;
  CapturedStream out(std::cout), err(std::cerr);
  if (auto parsed = cli::parseArguments(argv))
    r.exitCode = cli::runCommand(parsed.value());
  else {
    std::cerr << "segscope-cli: error: " << parsed.error().message << "\n";
    r.exitCode = cli::kBadInput;
  }
  r.out = out.text();
  r.err = err.text();
  return r;
}

}  // namespace segscope::testing
