// Golden tests, one row per case: tests/engine/passes/golden/<pass>/<case>.py is loaded, the
// one pass runs, and the IR before and after must equal <case>.golden. Each case is also
// run on the CPU reference before and after: a pass must never change the results.
// SEGSCOPE_UPDATE_GOLDEN=1 rewrites the .golden files (review the diff before committing).
#include <QtTest>

#include "pass_test_support.h"
#include "passes/pre_segmenter.h"
#include "support/file_io.h"

using namespace segscope;

namespace {

QString goldenRoot() { return QString(SEGSCOPE_TEST_DATA_DIR) + "/engine/passes/golden"; }

std::string goldenText(const std::string& pass, bool modified, const std::string& before, const std::string& after,
                       const std::vector<std::string>& log) {
  std::string s = "# pass: " + pass + "\n# modified: " + (modified ? "yes" : "no") + "\n";
  for (const std::string& line : log) s += "# log: " + line + "\n";
  return s + "# before\n" + before + "# after\n" + after;
}

}  // namespace

class TestPassGolden : public QObject {
  Q_OBJECT

 private slots:
  void golden_data() {
    QTest::addColumn<QString>("pass");
    QTest::addColumn<QString>("script");
    QDir root(goldenRoot());
    for (const QString& pass : root.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
      QDir dir(root.filePath(pass));
      for (const QString& f : dir.entryList({"*.py"}, QDir::Files))
        QTest::newRow(qPrintable(pass + "/" + f)) << pass << dir.filePath(f);
    }
  }

  void golden() {
    QFETCH(QString, pass);
    QFETCH(QString, script);
    const passes::Pass* p = passes::findPass(pass.toStdString());
    QVERIFY2(p, qPrintable("no pass named " + pass));
    frontend::ParseOutcome loaded = frontend::loadScriptFile(script.toStdString());
    QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error.format().c_str());
    ir::Fusion& fusion = *loaded.script->fusion;
    const ir::CloneResult original = fusion.clone();
    const std::string before = fusion.print();
    // Run this pass alone, enabled even when it is off by default (MovePad).
    const bool wasEnabled = p->enabled();
    p->setEnabledFlag(true);
    passes::PassLog log;
    const bool modified = p->run(fusion, log);
    p->setEnabledFlag(wasEnabled);
    const Status verified = fusion.verify();
    QVERIFY2(verified.ok(), verified.ok() ? "" : verified.error().message.c_str());
    const std::string actual = goldenText(pass.toStdString(), modified, before, fusion.print(), log.lines());

    QString goldenPath = script;
    goldenPath.replace(QRegularExpression("\\.py$"), ".golden");
    if (qEnvironmentVariableIsSet("SEGSCOPE_UPDATE_GOLDEN")) {
      QVERIFY(support::writeFileAtomically(goldenPath.toStdString(), actual).ok());
    }
    auto expected = support::readTextFile(goldenPath.toStdString());
    QVERIFY2(expected.ok(), qPrintable("missing golden file " + goldenPath + " (run with SEGSCOPE_UPDATE_GOLDEN=1)"));
    QCOMPARE(QString::fromStdString(actual), QString::fromStdString(expected.value()));

    const std::string numeric = testing::sameResults(*original.fusion, fusion, loaded.script->inputs);
    QVERIFY2(numeric.empty(), numeric.c_str());
  }

  void everyPassHasAFiringAndAQuietCase() {
    QDir root(goldenRoot());
    for (const passes::Pass* p : passes::preSegmenterPasses()) {
      QDir dir(root.filePath(QString::fromUtf8(p->name().data(), static_cast<int>(p->name().size()))));
      bool fires = false, quiet = false;
      for (const QString& f : dir.entryList({"*.golden"}, QDir::Files)) {
        QFile file(dir.filePath(f));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        fires = fires || text.contains("# modified: yes");
        quiet = quiet || text.contains("# modified: no");
      }
      QVERIFY2(fires, qPrintable("no golden case where " + dir.dirName() + " changes the fusion"));
      QVERIFY2(quiet, qPrintable("no golden case where " + dir.dirName() + " must leave the fusion alone"));
    }
  }
};

QTEST_APPLESS_MAIN(TestPassGolden)
#include "test_pass_golden.moc"
