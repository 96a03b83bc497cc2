// One test row per user-facing diagnostic: each file under data/ must fail with exactly
// the `line:col: error: message` listed in expected.tsv, quote its line and place a caret.
#include <QtTest>

#include <fstream>
#include <map>
#include <sstream>

#include "frontend/script.h"
#include "support/file_io.h"

using namespace segscope;

namespace {

std::map<std::string, std::string> expectations() {
  std::map<std::string, std::string> out;
  std::ifstream in(std::string(SEGSCOPE_TEST_DATA_DIR) + "/error/expected.tsv");
  std::string line;
  while (std::getline(in, line)) {
    const auto tab = line.find('\t');
    if (tab != std::string::npos) out[line.substr(0, tab)] = line.substr(tab + 1);
  }
  return out;
}

}  // namespace

class TestDiagnostics : public QObject {
  Q_OBJECT

 private slots:
  void diagnostic_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("expected");
    const auto all = expectations();
    QVERIFY2(all.size() >= 30, "expected.tsv is missing or short");
    for (const auto& [file, expected] : all)
      QTest::newRow(file.c_str()) << QString::fromStdString(file) << QString::fromStdString(expected);
  }

  void diagnostic() {
    QFETCH(QString, file);
    QFETCH(QString, expected);
    const std::string path = std::string(SEGSCOPE_TEST_DATA_DIR) + "/error/data/" + file.toStdString();
    auto text = support::readTextFile(path);
    QVERIFY(text.ok());
    frontend::ParseOptions options;
    options.fileName = file.toStdString();
    const frontend::ParseOutcome outcome = frontend::parseScript(text.value(), options);
    QVERIFY2(!outcome.ok(), "the script was accepted");
    const QString formatted = QString::fromStdString(outcome.error.format());
    const QStringList lines = formatted.split('\n');
    QCOMPARE(lines.value(0), file + ":" + expected);
    // The offending line is quoted and the caret sits under the reported column.
    QVERIFY(lines.size() >= 3);
    const int column = outcome.error.loc.column;
    QCOMPARE(lines[2].indexOf('^'), 4 + column - 1);
    QCOMPARE(lines[1].mid(4), QString::fromStdString(outcome.error.sourceLine));
  }

  void everyDataFileHasAnExpectation() {
    const auto all = expectations();
    QDir dir(QString(SEGSCOPE_TEST_DATA_DIR) + "/error/data");
    for (const QString& f : dir.entryList({"*.py"}, QDir::Files))
      QVERIFY2(all.count(f.toStdString()), qPrintable("no expectation for " + f));
  }

  void missingFileIsReported() {
    const frontend::ParseOutcome outcome = frontend::loadScriptFile("/nonexistent/fusion.py");
    QVERIFY(!outcome.ok());
    QVERIFY(
        QString::fromStdString(outcome.error.format()).startsWith("/nonexistent/fusion.py: error: cannot open file"));
  }
};

QTEST_APPLESS_MAIN(TestDiagnostics)
#include "test_diagnostics.moc"
