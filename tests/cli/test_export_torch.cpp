// segscope-cli export-torch: every sample (and the op-coverage scripts) exports a module
// that Python compiles; --data writes the inputs, reference outputs and manifest.json;
// --out replaces stdout (and makes its folder); random-dependent outputs are listed as not comparable.
#include <QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "cli/cli_process.h"
#include "test_files.h"

namespace {

using segscope::testing::cli;
using segscope::testing::Run;
using segscope::testing::runProgram;

QJsonObject readJson(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  return QJsonDocument::fromJson(f.readAll()).object();
}

void addFileRows() {
  QTest::addColumn<QString>("file");
  for (const QString& f : segscope::testing::torchExportFiles())
    QTest::newRow(qPrintable(QFileInfo(f).fileName())) << f;
}

}  // namespace

class TestExportTorch : public QObject {
  Q_OBJECT

 private slots:
  void everyScriptExportsAndCompiles_data() { addFileRows(); }
  void everyScriptExportsAndCompiles() {
    QFETCH(QString, file);
    QTemporaryDir dir;
    const QString module = dir.filePath("fusion_torch.py");
    const Run r = cli({"export-torch", file, "--out", module});
    QVERIFY2(r.exitCode == 0 && !r.crashed, qPrintable(r.err));
    QVERIFY(r.out.isEmpty());  // with --out nothing goes to stdout
    const Run compiled = runProgram("python3", {"-m", "py_compile", module});
    QVERIFY2(compiled.exitCode == 0, qPrintable(compiled.err));
  }

  void stdoutWithoutOut() {
    const Run r = cli({"export-torch", QString(SEGSCOPE_SOURCE_DIR) + "/samples/gelu.py"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY(r.out.contains("\ndef fusion("));
    QVERIFY(r.out.contains("NOT_COMPARABLE = []"));
    QVERIFY(r.out.contains("\nDATA_DIR = None"));  // no --data: the check needs a directory
    QVERIFY(r.out.contains("def load_inputs(data_dir, device=\"cpu\"):"));
    QVERIFY(r.out.contains("# L"));  // provenance comments quote the script's lines
  }

  // --out into a folder that does not exist yet makes it, as --data does.
  void outMakesItsFolder() {
    QTemporaryDir dir;
    const QString module = dir.filePath("new/deeper/m.py");
    const Run r = cli({"export-torch", QString(SEGSCOPE_SOURCE_DIR) + "/samples/gelu.py", "--out", module});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY(QFileInfo::exists(module));
  }

  void randomOutputsAreNotComparable() {
    const Run r = cli({"export-torch", QString(SEGSCOPE_SOURCE_DIR) + "/samples/dropout.py"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("NOT_COMPARABLE = [\"T14\", \"T10\"]"), qPrintable(r.out.left(2000)));
  }

  void dataWritesManifestAndFiles() {
    QTemporaryDir dir;
    const QString out = dir.filePath("data");
    const Run r = cli({"export-torch", QString(SEGSCOPE_SOURCE_DIR) + "/samples/dropout.py", "--out",
                       dir.filePath("m.py"), "--data", out, "--seed", "3"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject m = readJson(out + "/manifest.json");
    QCOMPARE(m["seed"].toInt(), 3);
    const QJsonArray inputs = m["inputs"].toArray();
    QCOMPARE(inputs.size(), 2);
    QCOMPARE(inputs[0].toObject()["kind"].toString(), QString("tensor"));
    QCOMPARE(inputs[0].toObject()["dtype"].toString(), QString("float32"));
    QCOMPARE(inputs[0].toObject()["shape"].toArray().size(), 2);
    QVERIFY(QFile::exists(out + "/" + inputs[0].toObject()["file"].toString()));
    QCOMPARE(inputs[1].toObject()["kind"].toString(), QString("scalar"));
    QCOMPARE(inputs[1].toObject()["value"].toDouble(), 0.1);
    const QJsonArray outputs = m["outputs"].toArray();
    QCOMPARE(outputs.size(), 2);
    for (const QJsonValue& o : outputs) {
      QVERIFY(QFile::exists(out + "/" + o.toObject()["file"].toString()));
      QVERIFY(!o.toObject()["comparable"].toBool());
    }
    QCOMPARE(outputs[1].toObject()["dtype"].toString(), QString("bool"));
    QCOMPARE(outputs[0].toObject()["atol"].toDouble(), 1e-5);
    QCOMPARE(m["not_comparable"].toArray().size(), 2);
    QVERIFY(m["tolerances"].toObject().contains("float32"));
    QFile module(dir.filePath("m.py"));
    QVERIFY(module.open(QIODevice::ReadOnly));
    QVERIFY(module.readAll().contains("\nDATA_DIR = \"data\""));  // relative to the module
  }

  // A reduced output carries the reference's per-element error bound (float32 .npy) and the
  // factor `--verify` applies to it, so torch is judged by the same rule as our own run: a long
  // float sum may drift from the double reference by more than the flat tolerance.
  void reducedOutputsCarryTheirErrorBounds() {
    QTemporaryDir dir;
    const QString out = dir.filePath("data");
    const Run r = cli({"export-torch", QString(SEGSCOPE_SOURCE_DIR) + "/samples/softmax.py", "--out",
                       dir.filePath("m.py"), "--data", out});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject o = readJson(out + "/manifest.json")["outputs"].toArray().at(0).toObject();
    QCOMPARE(o["bound_scale"].toDouble(), 2.0);
    QFile bound(out + "/" + o["bound_file"].toString());
    QVERIFY2(bound.open(QIODevice::ReadOnly), qPrintable(o["bound_file"].toString()));
    const QByteArray npy = bound.readAll();
    QVERIFY(npy.startsWith("\x93NUMPY"));
    QVERIFY(npy.contains("'descr': '<f4'"));
    QVERIFY(npy.contains("'shape': (4096,1024)"));
    QFile module(dir.filePath("m.py"));
    QVERIFY(module.open(QIODevice::ReadOnly));
    QVERIFY(module.readAll().contains("bound_scale * bound"));
  }

  void badFileIsBadInput() {
    QTemporaryDir dir;
    const Run r = cli({"export-torch", dir.filePath("missing.py")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.out.isEmpty());
  }
};

QTEST_GUILESS_MAIN(TestExportTorch)
#include "test_export_torch.moc"
