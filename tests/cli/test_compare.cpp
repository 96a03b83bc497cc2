// segscope-cli compare FILE WITH: two segmentations side by side; exit 0 when they are the same,
// 1 when they differ, 2 for a WITH it cannot read; --json writes both sides and the matches.
#include <QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include "cli/cli_process.h"

namespace {

using segscope::testing::cli;
using segscope::testing::Run;

QString source(const QString& name) { return QString(SEGSCOPE_SOURCE_DIR) + "/" + name; }
QString data(const QString& name) { return QString(SEGSCOPE_TEST_DATA_DIR) + "/data/" + name; }

}  // namespace

class TestCompare : public QObject {
  Q_OBJECT

 private slots:
  void theSameSegmentationExitsZero() {
    const Run r = cli({"compare", source("samples/softmax.py"), "profile=h200"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("The same segmentation."), qPrintable(r.out));
  }

  void aDifferenceExitsOneAndIsListed() {
    QTemporaryDir dir;
    const QString out = dir.filePath("c.json");
    const Run r = cli({"compare", source("samples/reduction_epilogue.py"), "profile=a100", "--json", out});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.out.contains("segment 1  inner_persistent  11 ops  split there (1, 2)"), qPrintable(r.out));
    QVERIFY2(r.out.contains("3 differences:"), qPrintable(r.out));
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject j = QJsonDocument::fromJson(f.readAll()).object();
    QCOMPARE(j["left"].toObject()["label"].toString(), QString("h100"));
    QCOMPARE(j["right"].toObject()["segment_count"].toInt(), 2);
    QCOMPARE(j["same"].toBool(), false);
    const QJsonArray matches = j["matches"].toArray();
    QCOMPARE(matches.size(), 1);
    QCOMPARE(matches[0].toObject()["kind"].toString(), QString("split there"));
    QCOMPARE(matches[0].toObject()["right"].toArray().size(), 2);
    QCOMPARE(j["differences"].toArray().size(), 3);
  }

  // Two versions of one fusion: renamed tensors still match, new ops are counted.
  void twoVersionsOfOneFusion() {
    const Run r = cli({"compare", source("samples/softmax.py"), "file=" + data("compare/softmax_v2.py")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.out.contains("12 ops matched, 0 only left, 2 only right"), qPrintable(r.out));
  }

  void nvFusersSegmentsFromItsLog() {
    const Run r = cli({"compare", source("samples/reduction_epilogue.py"),
                       "nvfuser=" + data("nvlog/generated/reduction_epilogue_a100_2024.log"), "--profile", "a100"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("nvFuser's log: 2 segments"), qPrintable(r.out));
  }

  void whatCannotBeComparedExitsTwo() {
    const Run bad = cli({"compare", source("samples/softmax.py"), "colour=red"});
    QCOMPARE(bad.exitCode, 2);
    QVERIFY2(bad.err.contains("no comparison called 'colour'"), qPrintable(bad.err));
    const Run missing = cli({"compare", source("samples/softmax.py")});
    QCOMPARE(missing.exitCode, 2);
    QVERIFY2(missing.err.contains("usage: segscope-cli compare FILE WITH"), qPrintable(missing.err));
    const Run profile = cli({"compare", source("samples/softmax.py"), "profile=z80"});
    QCOMPARE(profile.exitCode, 2);
    QVERIFY2(profile.err.contains("unknown device profile 'z80'"), qPrintable(profile.err));
  }
};

QTEST_GUILESS_MAIN(TestCompare)
#include "test_compare.moc"
