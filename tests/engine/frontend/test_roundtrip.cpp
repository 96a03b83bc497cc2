// parse → write → parse gives an identical Fusion, for every sample and for a script
// that uses every op family; writing twice gives the same text; a fusion after the passes
// writes a script that loads.
#include <QtTest>

#include <sys/resource.h>
#include <csignal>

#include "frontend/script.h"
#include "frontend/writer.h"
#include "passes/pre_segmenter.h"
#include "support/file_io.h"
#include "test_files.h"

using namespace segscope;

class TestRoundTrip : public QObject {
  Q_OBJECT

 private slots:
  // Inputs the loader fuzzer once broke (tests/error/fuzz): whatever loads must write back as
  // a script that loads again, footer included.
  void fuzzRegressionsRoundTrip_data() {
    QTest::addColumn<QString>("path");
    QDir dir(QString(SEGSCOPE_TEST_DATA_DIR) + "/error/fuzz");
    for (const QString& f : dir.entryList({"*.py"}, QDir::Files, QDir::Name))
      QTest::newRow(qPrintable(f)) << dir.filePath(f);
  }
  void fuzzRegressionsRoundTrip() {
    QFETCH(QString, path);
    auto text = support::readTextFile(path.toStdString());
    QVERIFY(text.ok());
    frontend::ParseOutcome first = frontend::parseScript(text.value());
    if (!first.ok()) {
      QVERIFY(!first.error.message.empty());
      return;
    }
    QVERIFY(first.script->fusion->verify().ok());
    const std::string written = frontend::writeScript(*first.script->fusion, first.script->inputs, {});
    frontend::ParseOutcome second = frontend::parseScript(written);
    QVERIFY2(second.ok(), second.ok() ? "" : (second.error.format() + written).c_str());
  }

  void roundTrip_data() {
    QTest::addColumn<QString>("path");
    const QStringList files = testing::sampleAndAllOpsFiles();
    QVERIFY2(files.size() >= 13, "expected at least 12 samples");
    for (const QString& f : files) QTest::newRow(qPrintable(QFileInfo(f).fileName())) << f;
  }

  void roundTrip() {
    QFETCH(QString, path);
    const frontend::ParseOutcome first = frontend::loadScriptFile(path.toStdString());
    QVERIFY2(first.ok(), first.ok() ? "" : first.error.format().c_str());
    frontend::WriteOptions options;
    options.header = first.script->header;
    const std::string written = frontend::writeScript(*first.script->fusion, first.script->inputs, options);
    const frontend::ParseOutcome second = frontend::parseScript(written);
    QVERIFY2(second.ok(), second.ok() ? "" : (second.error.format() + written).c_str());
    QCOMPARE(QString::fromStdString(second.script->fusion->print()),
             QString::fromStdString(first.script->fusion->print()));
    QCOMPARE(second.script->inputsFromFooter, first.script->inputsFromFooter);
    QCOMPARE(second.script->inputs.size(), first.script->inputs.size());
    for (std::size_t i = 0; i < first.script->inputs.size(); ++i) {
      QCOMPARE(second.script->inputs[i].sizes, first.script->inputs[i].sizes);
      QCOMPARE(second.script->inputs[i].strides, first.script->inputs[i].strides);
      QCOMPARE(second.script->inputs[i].dtype, first.script->inputs[i].dtype);
    }
    // The writer is a fixed point: writing the reloaded fusion gives the same text.
    options.header = second.script->header;
    QCOMPARE(QString::fromStdString(frontend::writeScript(*second.script->fusion, second.script->inputs, options)),
             QString::fromStdString(written));
    QVERIFY(second.script->fusion->verify().ok());
  }

  // After the pre-segmenter an expr may read an input extent directly (the writer reads it
  // with fd.ops.size); the written script must still load.
  void writtenAfterThePassesLoads() {
    for (const QString& f : testing::sampleAndAllOpsFiles()) {
      const frontend::ParseOutcome o = frontend::loadScriptFile(f.toStdString());
      QVERIFY(o.ok());
      passes::runPreSegmenter(*o.script->fusion);
      const std::string written = frontend::writeScript(*o.script->fusion, o.script->inputs);
      const frontend::ParseOutcome back = frontend::parseScript(written);
      QVERIFY2(back.ok(),
               qPrintable(f + ": " + QString::fromStdString(back.ok() ? "" : back.error.format() + written)));
      QCOMPARE(back.script->fusion->outputs().size(), o.script->fusion->outputs().size());
    }
  }

  void cloneOfEverySamplePrintsTheSame() {
    for (const QString& f : testing::sampleAndAllOpsFiles()) {
      const frontend::ParseOutcome o = frontend::loadScriptFile(f.toStdString());
      QVERIFY(o.ok());
      ir::CloneResult c = o.script->fusion->clone();
      QCOMPARE(QString::fromStdString(c.fusion->print()), QString::fromStdString(o.script->fusion->print()));
      QVERIFY(c.fusion->verify().ok());
    }
  }

  void atomicWriteReplacesAndLeavesNoTemporary() {
    QTemporaryDir dir;
    const std::string path = dir.filePath("out.py").toStdString();
    QVERIFY(support::writeFileAtomically(path, "first").ok());
    QVERIFY(support::writeFileAtomically(path, "second").ok());
    QCOMPARE(QString::fromStdString(support::readTextFile(path).value()), QString("second"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);
    QVERIFY(!support::writeFileAtomically(dir.filePath("missing/dir/out.py").toStdString(), "x").ok());
  }

  void unwritablePathsSayWhy() {
    QTemporaryDir dir;
    const auto error = [](const QString& path) {
      const Status st = support::writeFileAtomically(path.toStdString(), "x");
      return st ? QString() : QString::fromStdString(st.error().message);
    };
    QCOMPARE(error(dir.filePath("missing/out.svg")),
             "cannot write " + dir.filePath("missing/out.svg") + ": No such file or directory");
    QCOMPARE(error(dir.path()), "cannot write " + dir.path() + ": is a directory");
    QVERIFY(QFile(dir.filePath("file")).open(QIODevice::WriteOnly));
    QCOMPARE(error(dir.filePath("file/out.svg")), "cannot write " + dir.filePath("file/out.svg") + ": Not a directory");
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);  // no temporary left
  }

  // A full disk, simulated by a file-size limit (the write fails with EFBIG the way a full disk
  // fails with ENOSPC): the error names the file and the reason, the previous contents stay,
  // and no temporary is left behind.
  void aFullDiskKeepsThePreviousFileWhole() {
    QTemporaryDir dir;
    const std::string path = dir.filePath("trace.json").toStdString();
    QVERIFY(support::writeFileAtomically(path, "previous").ok());
    rlimit saved{};
    QCOMPARE(::getrlimit(RLIMIT_FSIZE, &saved), 0);
    const auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);
    rlimit small = saved;
    small.rlim_cur = 4096;
    QCOMPARE(::setrlimit(RLIMIT_FSIZE, &small), 0);
    const Status st = support::writeFileAtomically(path, std::string(64 * 1024, 'x'));
    ::setrlimit(RLIMIT_FSIZE, &saved);
    std::signal(SIGXFSZ, oldHandler);
    QVERIFY(!st);
    QCOMPARE(QString::fromStdString(st.error().message),
             QString("cannot write %1: File too large").arg(QString::fromStdString(path)));
    QCOMPARE(QString::fromStdString(support::readTextFile(path).value()), QString("previous"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);
  }
};

QTEST_APPLESS_MAIN(TestRoundTrip)
#include "test_roundtrip.moc"
