// segscope-cli survey as a CI guard: one row per fusion, --expect and --baseline comparisons
// with their exit codes, known disagreements, and a bad file as a row, never a crash.
#include <QtTest>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include "cli/cli_process.h"

namespace {

using segscope::testing::cli;
using segscope::testing::Run;

QString sample(const QString& name) { return QString(SEGSCOPE_SOURCE_DIR) + "/samples/" + name; }

void write(const QString& path, const QByteArray& text) {
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
  f.write(text);
}

// A folder with two samples and an expectations file describing them.
struct Suite {
  QTemporaryDir dir;
  QString expect;
  explicit Suite(const QByteArray& softmaxExpectation) {
    QDir(dir.path()).mkpath("cases");
    QFile::copy(sample("softmax.py"), dir.filePath("cases/softmax.py"));
    QFile::copy(sample("cross_entropy.py"), dir.filePath("cases/cross_entropy.py"));
    expect = dir.filePath("expect.json");
    write(expect, "{\"cases\": [" + softmaxExpectation +
                      ", {\"case\": \"cases/cross_entropy.py\", \"source\": \"tests/cpp/x.cpp:2 X.CrossEntropy\","
                      " \"segments\": 2, \"schedulers\": [\"reduction\", \"inner_persistent\"]}]}");
  }
};

}  // namespace

class TestSurvey : public QObject {
  Q_OBJECT

 private slots:
  void oneRowPerFusionOfAFolder() {
    const Run r = cli({"survey", QString(SEGSCOPE_SOURCE_DIR) + "/samples", "--json", "-"});
    QCOMPARE(r.exitCode, 0);
    const QJsonArray rows = QJsonDocument::fromJson(r.out.toUtf8()).object()["rows"].toArray();
    QCOMPARE(rows.size(), QDir(QString(SEGSCOPE_SOURCE_DIR) + "/samples").entryList({"*.py"}).size());
    for (const QJsonValue v : rows) {
      const QJsonObject row = v.toObject();
      QVERIFY(row["loaded"].toBool());
      QCOMPARE(row["schedulers"].toArray().size(), row["segments"].toInt());
    }
  }

  void agreeingExpectationsExitZero() {
    Suite s(
        "{\"case\": \"cases/softmax.py\", \"source\": \"tests/cpp/x.cpp:1 X.Softmax\", \"segments\": 1,"
        " \"schedulers\": [\"inner_persistent\"]}");
    const Run r = cli({"survey", s.dir.filePath("cases"), "--expect", s.expect});
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains("segment count agrees for 2 of 2 cases (100.0 %)"), qPrintable(r.out));
  }

  // docs/fidelity.md's split: what each case asserts, and gtest's Contains(...).Times(n).
  void agreementIsSplitByWhatIsAssertedAndTimesCounts() {
    Suite s(
        "{\"case\": \"cases/softmax.py\", \"source\": \"tests/cpp/x.cpp:1 X.Softmax\","
        " \"contains_times\": {\"inner_persistent\": 1}}");
    const Run r = cli({"survey", s.dir.filePath("cases"), "--expect", s.expect});
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains("exact segment count 1 of 1; only \"segmented\" 0 of 0; no count (loads and segments) "
                            "1 of 1"),
             qPrintable(r.out));
    Suite twice(
        "{\"case\": \"cases/softmax.py\", \"source\": \"tests/cpp/x.cpp:1 X.Softmax\","
        " \"contains_times\": {\"inner_persistent\": 2}}");
    const Run r2 = cli({"survey", twice.dir.filePath("cases"), "--expect", twice.expect});
    QCOMPARE(r2.exitCode, 1);
    QVERIFY2(r2.out.contains("expected exactly 2 inner_persistent"), qPrintable(r2.out));
  }

  void aDisagreementExitsOneAndSaysWhatAndWhere() {
    Suite s("{\"case\": \"cases/softmax.py\", \"source\": \"tests/cpp/x.cpp:1 X.Softmax\", \"segments\": 3}");
    const Run r = cli({"survey", s.dir.filePath("cases"), "--expect", s.expect});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.out.contains("1 disagreements:") || r.out.contains("1 disagreement"), qPrintable(r.out));
    QVERIFY(r.out.contains("cases/softmax.py"));
    QVERIFY(r.out.contains("expected 3 segments"));
    QVERIFY(r.out.contains("got      1 segment: inner_persistent"));
    QVERIFY(r.out.contains("source   tests/cpp/x.cpp:1 X.Softmax"));
  }

  void aKnownDisagreementPassesOnlyWithAllowKnown() {
    Suite s(
        "{\"case\": \"cases/softmax.py\", \"source\": \"tests/cpp/x.cpp:1 X.Softmax\", \"segments\": 3,"
        " \"known_disagreement\": \"a rule Segscope lacks\"}");
    QCOMPARE(cli({"survey", s.dir.filePath("cases"), "--expect", s.expect}).exitCode, 1);
    const Run r = cli({"survey", s.dir.filePath("cases"), "--expect", s.expect, "--allow-known"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.out));
    QVERIFY(r.out.contains("known disagreements"));
    QVERIFY(r.out.contains("a rule Segscope lacks"));
  }

  void aKnownMarkOnAnAgreeingCaseFails() {
    Suite s(
        "{\"case\": \"cases/softmax.py\", \"source\": \"tests/cpp/x.cpp:1 X.Softmax\", \"segments\": 1,"
        " \"known_disagreement\": \"fixed since\"}");
    const Run r = cli({"survey", s.dir.filePath("cases"), "--expect", s.expect, "--allow-known"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.out.contains("now agree (remove the mark)"));
  }

  void aMissingCaseFileIsADisagreement() {
    Suite s("{\"case\": \"cases/gone.py\", \"source\": \"tests/cpp/x.cpp:1 X.Gone\", \"segments\": 1}");
    const Run r = cli({"survey", s.dir.filePath("cases"), "--expect", s.expect});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.out.contains("no such file among the surveyed ones"));
  }

  void baselineUpdateThenCompare() {
    Suite s("{\"case\": \"cases/softmax.py\", \"segments\": 1}");
    const QString baseline = s.dir.filePath("baseline.json");
    const Run first = cli({"survey", s.dir.filePath("cases"), "--baseline", baseline, "--update"});
    QVERIFY2(first.exitCode == 0, qPrintable(first.out + first.err));
    QVERIFY(first.out.contains("baseline " + baseline + " updated (2 rows)"));
    QCOMPARE(cli({"survey", s.dir.filePath("cases"), "--baseline", baseline}).exitCode, 0);
    // A fusion that now segments differently is a regression against the baseline.
    QFile::remove(s.dir.filePath("cases/softmax.py"));
    QFile::copy(sample("cross_entropy.py"), s.dir.filePath("cases/softmax.py"));
    const Run changed = cli({"survey", s.dir.filePath("cases"), "--baseline", baseline});
    QCOMPARE(changed.exitCode, 1);
    QVERIFY2(changed.out.contains("expected 1 segment: inner_persistent"), qPrintable(changed.out));
  }

  void anUnloadableFileIsARowWithItsDiagnostic() {
    QTemporaryDir dir;
    write(dir.filePath("bad.py"),
          "def f(fd):\n    T0 = fd.define_tensor(shape=[4], dtype=DataType.Float)\n"
          "    T1 = fd.ops.nonsense(T0)\n    fd.add_output(T1)\n");
    QFile::copy(sample("softmax.py"), dir.filePath("good.py"));
    const Run r = cli({"survey", dir.path()});
    QVERIFY(!r.crashed);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.out.contains("bad.py:3:10: error: unknown op 'fd.ops.nonsense'"), qPrintable(r.out));
    QVERIFY(r.out.contains("good.py"));
    QVERIFY(r.out.contains("2 fusions, 1 did not load"));
  }

  void usageErrorsExitTwo() {
    QCOMPARE(cli({"survey", sample("softmax.py"), "--update"}).exitCode, 2);  // --update needs --baseline
    QCOMPARE(cli({"survey", "/no/such/folder"}).exitCode, 2);
    QTemporaryDir dir;
    write(dir.filePath("expect.json"), "{\"neither\": 1}");
    const Run r = cli({"survey", sample("softmax.py"), "--expect", dir.filePath("expect.json")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains("neither an expectations file"));
  }
};

QTEST_APPLESS_MAIN(TestSurvey)
#include "test_survey.moc"
