// Reading `cuobjdump -sass` listings: instructions per function, by opcode, for the kernel
// report (cuobjdump is optional: the non-free CUDA toolkit has it, Debian main does not).
#pragma once

#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <map>
#include <string>

namespace segscope::testing {

/// One function of a listing: its instructions (NOP padding left out) by base opcode
/// ("LDG" for LDG.E.128.CONSTANT).
struct SassFunction {
  int instructions = 0;
  std::map<std::string, int> opcodes;
  int count(const std::string& base) const {
    auto it = opcodes.find(base);
    return it == opcodes.end() ? 0 : it->second;
  }
};

/// Function name -> its instructions, from a `cuobjdump -sass` listing.
inline std::map<std::string, SassFunction> parseSassListing(const QString& listing) {
  static const QRegularExpression function(R"(^\s*Function\s*:\s*(\S+))");
  // "/*0040*/   @!P0 LDG.E.128.CONSTANT R4, desc[UR4][R2.64] ;": address, predicate, opcode.
  static const QRegularExpression instruction(R"(^\s*/\*[0-9a-f]{4,}\*/\s+(?:@!?U?P[T0-9]+\s+)?([A-Z0-9_]+)[.\s;])");
  std::map<std::string, SassFunction> out;
  SassFunction* current = nullptr;
  for (const QString& line : listing.split('\n')) {
    if (auto f = function.match(line); f.hasMatch()) {
      current = &out[f.captured(1).toStdString()];
      continue;
    }
    auto i = instruction.match(line);
    if (!current || !i.hasMatch() || i.captured(1) == "NOP") continue;
    ++current->instructions;
    ++current->opcodes[i.captured(1).toStdString()];
  }
  return out;
}

/// The cuobjdump to use: $SEGSCOPE_CUOBJDUMP, else one on PATH, else the CUDA toolkit's; empty
/// when there is none.
inline QString findCuobjdump() {
  if (const QString set = qEnvironmentVariable("SEGSCOPE_CUOBJDUMP"); !set.isEmpty()) return set;
  const QString onPath = QStandardPaths::findExecutable("cuobjdump");
  if (!onPath.isEmpty()) return onPath;
  return QStandardPaths::findExecutable("cuobjdump", {"/usr/local/cuda/bin"});
}

/// The listing of a CUBIN image through `tool`, or an error text starting with "error: ".
inline QString disassemble(const QString& tool, const std::string& cubin) {
  QTemporaryDir dir;
  const QString path = dir.filePath("kernel.cubin");
  QFile f(path);
  if (!dir.isValid() || !f.open(QIODevice::WriteOnly)) return "error: cannot write " + path;
  f.write(cubin.data(), static_cast<qint64>(cubin.size()));
  f.close();
  QProcess p;
  p.start(tool, {"-sass", path});
  if (!p.waitForFinished(60000) || p.exitCode() != 0)
    return "error: " + tool + ": " + QString::fromUtf8(p.readAllStandardError()).left(500);
  return QString::fromUtf8(p.readAllStandardOutput());
}

}  // namespace segscope::testing
