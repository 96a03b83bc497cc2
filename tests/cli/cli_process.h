// Shared by the CLI suites: run segscope-cli (or another program) and collect its exit
// code and output; a hang counts as a crash.
#pragma once

#include <QProcess>
#include <QString>
#include <QStringList>

namespace segscope::testing {

struct Run {
  int exitCode = -1;
  bool crashed = false;
  QString out, err;
};

inline Run runProgram(const QString& program, const QStringList& args, int timeoutMs = 60000) {
  QProcess p;
  p.start(program, args);
  Run r;
  if (!p.waitForFinished(timeoutMs)) {
    p.kill();
    p.waitForFinished();
    r.crashed = true;
    r.err = "timed out";
    return r;
  }
  r.crashed = p.exitStatus() == QProcess::CrashExit;
  r.exitCode = p.exitCode();
  r.out = QString::fromUtf8(p.readAllStandardOutput());
  r.err = QString::fromUtf8(p.readAllStandardError());
  return r;
}

#ifdef SEGSCOPE_CLI_PATH
inline Run cli(const QStringList& args, int timeoutMs = 60000) {
  return runProgram(SEGSCOPE_CLI_PATH, args, timeoutMs);
}
#endif

}  // namespace segscope::testing
