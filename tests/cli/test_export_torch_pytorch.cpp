// The PyTorch oracle checked on PyTorch: every exported module's __main__ runs against its
// --data directory on PyTorch's CPU and must agree with the CPU reference within the
// manifest tolerances. Skipped where no python3 imports torch (ctest reports it skipped).
#include <QtTest>

#include "cli/cli_process.h"
#include "test_files.h"

namespace {

using segscope::testing::cli;
using segscope::testing::Run;
using segscope::testing::runProgram;

// A python3 that imports torch (SEGSCOPE_TORCH_PYTHON, else python3 on PATH or /usr/bin/python3),
// or empty. The Debian python3-torch package lands in /usr/bin/python3 only.
QString torchPython() {
  // An explicit choice is the only candidate (SEGSCOPE_TORCH_PYTHON=none forces the skip).
  const QStringList candidates = qEnvironmentVariableIsSet("SEGSCOPE_TORCH_PYTHON")
                                     ? QStringList{qEnvironmentVariable("SEGSCOPE_TORCH_PYTHON")}
                                     : QStringList{"python3", "/usr/bin/python3"};
  for (const QString& python : candidates) {
    const Run r = runProgram(python, {"-c", "import torch"}, 120000);
    if (r.exitCode == 0 && !r.crashed) return python;
  }
  return {};
}

}  // namespace

class TestExportTorchPytorch : public QObject {
  Q_OBJECT

 private slots:
  void pytorchAgreesWithReference_data() {
    QTest::addColumn<QString>("file");
    for (const QString& f : segscope::testing::torchExportFiles())
      QTest::newRow(qPrintable(QFileInfo(f).fileName())) << f;
  }
  void pytorchAgreesWithReference() {
    QFETCH(QString, file);
    static const QString python = torchPython();
    if (python.isEmpty()) QSKIP("no python3 with torch: the PyTorch semantics check is skipped");
    QTemporaryDir dir;
    const QString module = dir.filePath("fusion_torch.py");
    const Run exported = cli({"export-torch", file, "--out", module, "--data", dir.filePath("data")}, 300000);
    QVERIFY2(exported.exitCode == 0, qPrintable(exported.err));
    const Run checked = runProgram(python, {module}, 300000);  // DATA_DIR names the --data directory
    QVERIFY2(checked.exitCode == 0 && !checked.crashed, qPrintable(checked.out + checked.err));
    QVERIFY(!checked.out.contains("MISMATCH"));
  }
};

QTEST_GUILESS_MAIN(TestExportTorchPytorch)
#include "test_export_torch_pytorch.moc"
